//! Settings: light or dark, animations on or off, the computer's pace.

use leptos::prelude::*;

use parlour::storage::{Motion, Pace, Settings, Theme};

use super::app_state;

/// One setting as a group of radio buttons, each value with its label: checked while the
/// setting has that value, stored as soon as it is chosen.
fn setting<T: Copy + PartialEq + Send + Sync + 'static>(
    legend: &'static str,
    group: &'static str,
    values: &[(T, &'static str)],
    read: fn(&Settings) -> T,
    write: fn(&mut Settings, T),
) -> impl IntoView {
    let state = app_state();
    let buttons = values
        .iter()
        .map(|&(value, label)| {
            view! {
                <label class="choice">
                    <input type="radio" name=group
                        prop:checked=move || state.settings.with(read) == value
                        on:change=move |_| state.change_settings(
                            |s| write(s, value),
                            "the setting applies now but is not saved",
                        )/>
                    {label}
                </label>
            }
        })
        .collect_view();
    view! { <fieldset><legend>{legend}</legend>{buttons}</fieldset> }
}

#[component]
pub fn SettingsPage() -> impl IntoView {
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"Settings"</h1>
            {setting("Theme", "theme", &[
                (Theme::System, "As the system"),
                (Theme::Light, "Light: paper and ink"),
                (Theme::Dark, "Dark: lamplight"),
            ], |s| s.theme, |s, v| s.theme = v)}
            {setting("Animations", "motion", &[
                (Motion::System, "As the system (off when it asks for reduced motion)"),
                (Motion::On, "On: pieces slide into place and the teetotum spins"),
                (Motion::Off, "Off: pieces and the teetotum come to rest at once"),
            ], |s| s.motion, |s, v| s.motion = v)}
            {setting("The computer's pace", "pace", &[
                (Pace::Quick, "Quick: the computer plays as soon as it has chosen"),
                (Pace::Steady, "Steady: at least 0.7 seconds a turn"),
                (Pace::Slow, "Slow: at least 1.8 seconds a turn, to follow each move"),
            ], |s| s.pace, |s, v| s.pace = v)}
            <p class="hint">"Settings are kept in this browser. A game's own Pace choice changes the pace here too."</p>
        </section>
    }
}
