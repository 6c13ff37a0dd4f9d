//! Settings: light or dark, animations on or off, the computer's pace.

use leptos::prelude::*;

use parlour::storage::{Motion, Pace, Settings, Theme};

use super::app_state;

/// One radio button of a setting: checked while the setting has `value`, sets it when chosen.
fn choice<T: Copy + PartialEq + Send + Sync + 'static>(
    group: &'static str,
    value: T,
    label: &'static str,
    get: impl Fn() -> T + Send + Sync + 'static,
    set: impl Fn(T) + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <label class="choice">
            <input type="radio" name=group
                prop:checked=move || get() == value
                on:change=move |_| set(value)/>
            {label}
        </label>
    }
}

#[component]
pub fn SettingsPage() -> impl IntoView {
    let state = app_state();
    let save = move |change: &dyn Fn(&mut Settings)| {
        state.change_settings(change, "the setting applies now but is not saved");
    };
    let theme = move |value: Theme, label: &'static str| {
        let get = move || state.settings.get().theme;
        choice("theme", value, label, get, move |v| save(&|s| s.theme = v))
    };
    let motion = move |value: Motion, label: &'static str| {
        let get = move || state.settings.get().motion;
        choice("motion", value, label, get, move |v| {
            save(&|s| s.motion = v)
        })
    };
    let pace = move |value: Pace, label: &'static str| {
        let get = move || state.settings.get().pace;
        choice("pace", value, label, get, move |v| save(&|s| s.pace = v))
    };
    view! {
        <section class="screen narrow">
            <h1 id="screen-title" tabindex="-1">"Settings"</h1>
            <fieldset>
                <legend>"Theme"</legend>
                {theme(Theme::System, "As the system")}
                {theme(Theme::Light, "Light: paper and ink")}
                {theme(Theme::Dark, "Dark: lamplight")}
            </fieldset>
            <fieldset>
                <legend>"Animations"</legend>
                {motion(Motion::System, "As the system (off when it asks for reduced motion)")}
                {motion(Motion::On, "On: pieces slide into place and the teetotum spins")}
                {motion(Motion::Off, "Off: pieces and the teetotum come to rest at once")}
            </fieldset>
            <fieldset>
                <legend>"The computer's pace"</legend>
                {pace(Pace::Quick, "Quick: the computer plays as soon as it has chosen")}
                {pace(Pace::Steady, "Steady: at least 0.7 seconds a turn")}
                {pace(Pace::Slow, "Slow: at least 1.8 seconds a turn, to follow each move")}
            </fieldset>
            <p class="hint">"Settings are kept in this browser. A game's own Pace choice changes the pace here too."</p>
        </section>
    }
}
