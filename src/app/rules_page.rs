//! A game's rules page. The text ships as an HTML file beside the app (`rules/<game>.html`),
//! fetched when the page opens, so it costs nothing to the first load. Its headings have ids,
//! and a page opened at one (`#/rules/morris/six-mens`, as a game's Rules button and the page's
//! contents list link) is scrolled to that heading, which takes the keyboard's focus.

use leptos::prelude::*;

use parlour::games::GameKind;

use super::dom;

#[component]
pub fn RulesPage(game: GameKind, section: String) -> impl IntoView {
    // The page's text: none until it has come (a task and a signal: see `parts::loading`).
    let text = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move {
        let fetched = dom::fetch_text(&format!("rules/{}.html", game.name())).await;
        let loaded = fetched.is_ok();
        text.try_set(Some(fetched));
        if loaded && !section.is_empty() {
            dom::focus_soon(move || {
                let heading = dom::window().document()?.get_element_by_id(&section)?;
                heading.set_attribute("tabindex", "-1").ok()?;
                heading.scroll_into_view_with_bool(true);
                Some(heading)
            });
        }
    });
    let play = format!("#/new/{}", game.name());
    view! {
        <article class="screen narrow rules">
            <h1 id="screen-title" tabindex="-1">{game.title()} ": the rules"</h1>
            {game.playable().then(|| view! {
                <p><a class="button primary" href=play>"Play " {game.title()}</a></p>
            })}
            {move || match text.get() {
                None => view! { <p class="loading">"Loading the rules…"</p> }.into_any(),
                Some(Ok(html)) => view! { <div class="rules-text" inner_html=html></div> }.into_any(),
                Some(Err(why)) => view! {
                    <p class="error" role="alert">
                        "The rules could not be loaded (" {why} "). If you are offline, try again once connected."
                    </p>
                }.into_any(),
            }}
        </article>
    }
}
