//! The home screen: the five games, and the games in progress.

use leptos::prelude::*;

use parlour::games::GameKind;
use parlour::stats::{Stats, Tally};
use parlour::storage::{SaveKind, SaveSummary};

use super::saves::game_summary;
use super::{app_state, store};

#[component]
pub fn Home() -> impl IntoView {
    let state = app_state();
    let in_progress: Vec<SaveSummary> = match store().summaries() {
        // What could not be read was told as the app started.
        Ok(listing) => listing
            .games
            .into_iter()
            .filter(|g| g.kind == SaveKind::Autosave && !g.finished)
            .take(3)
            .collect(),
        Err(e) => {
            state.tell_unreadable(&e);
            Vec::new()
        }
    };
    // An unreadable record is shown (with a reset) on the games' own screens, not here.
    let stats = store().stats().unwrap_or_default();
    view! {
        <section class="screen">
            <h1 id="screen-title" tabindex="-1">"Parlour"</h1>
            <p class="lede">
                "Five parlour games to play on one screen, with friends or against the computer, as their rule books have them."
            </p>
            {(!in_progress.is_empty()).then(|| view! {
                <section class="continue" aria-labelledby="continue-title">
                    <h2 id="continue-title">"Carry on"</h2>
                    <ul class="plain">
                        {in_progress.into_iter().map(|game| {
                            let href = format!("#/play/{}", game.id);
                            // When it was last played tells apart two games of the same players.
                            let summary = format!("{}, {}", game_summary(&game), super::dom::local_time(game.updated));
                            // Each Resume says which game it resumes, to a screen reader too.
                            view! {
                                <li>
                                    <a class="button" href=href aria-label=format!("Resume {summary}")>"Resume"</a>
                                    " "
                                    <span>{summary}</span>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            })}
            <ul class="games">
                {GameKind::ALL.into_iter().map(|game| game_card(game, &stats)).collect_view()}
            </ul>
        </section>
    }
}

/// The player's record against the computer at a game, in one line: "Against the computer:
/// 5 played, 3 won, 1 drawn, 1 lost".
fn record_line(total: Tally) -> String {
    let mut parts = vec![
        format!("{} played", total.played),
        format!("{} won", total.won),
    ];
    if total.drawn > 0 {
        parts.push(format!("{} drawn", total.drawn));
    }
    parts.push(format!("{} lost", total.lost));
    format!("Against the computer: {}", parts.join(", "))
}

fn game_card(game: GameKind, stats: &Stats) -> impl IntoView {
    let total = stats.total(game);
    let image = format!("img/{}.svg", game.name());
    let rules = format!("#/rules/{}", game.name());
    let play = format!("#/new/{}", game.name());
    let title_id = format!("card-{}", game.name());
    let playable = game.playable();
    view! {
        <li class="game-card" class:coming=!playable>
            <img src=image alt="" width="96" height="96"/>
            <div>
                <h2 id=title_id>
                    {game.title()}
                    {(!playable).then(|| view! { <span class="badge">"Coming"</span> })}
                </h2>
                <p>{game.tagline()}</p>
                {(total.played > 0).then(|| view! { <p class="card-record">{record_line(total)}</p> })}
                <p class="actions">
                    {if playable {
                        view! {
                            <a class="button primary" href=play>"Play"</a>
                            <a class="button" href=rules>"Rules"</a>
                        }.into_any()
                    } else {
                        view! { <a class="button" href=rules>"Read the rules"</a> }.into_any()
                    }}
                </p>
            </div>
        </li>
    }
}
