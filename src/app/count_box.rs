//! The box for a whole number in the new-game forms and the Embed dialog (a target score, bones
//! or pegs each, a frame's width and height).

use leptos::prelude::*;
use parlour::count::count;

/// A labelled box for a whole number from `lo` to `hi`, showing `value` and giving `set` the
/// number kept. What is typed is read as the browser reads it ("1e3" is 1000), taken to the
/// nearest whole number and kept within the bounds; when what is kept is not what was typed, or
/// nothing could be read (the number in force then stays), a note under the box says so.
#[component]
pub fn CountBox(
    id: &'static str,
    label: &'static str,
    /// What follows the box and the bounds in the note: " px", " points", or nothing.
    #[prop(optional)]
    unit: &'static str,
    lo: u32,
    hi: Signal<u32>,
    value: Signal<u32>,
    set: Callback<u32>,
    /// Whether the box is hidden (an option that does not apply).
    #[prop(optional)]
    hidden: Option<Signal<bool>>,
) -> impl IntoView {
    let note = RwSignal::new(None::<String>);
    let note_id = format!("{id}-note");
    let changed = move |ev: leptos::ev::Event| {
        // A box left with a number typed and not yet taken changes as its screen goes (the
        // browser's Back, Escape in a dialog), when what it reads is gone: that change is let go.
        let (Some(hi), Some(in_force)) = (hi.try_get_untracked(), value.try_get_untracked()) else {
            return;
        };
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let counted = count(input.value_as_number(), lo, hi);
        let kept = counted.kept().unwrap_or(in_force);
        let said = counted.note(label, &input.value(), (lo, hi), unit, in_force);
        // The box shows the number kept, whether or not the value changes.
        input.set_value(&kept.to_string());
        if set.try_run(kept).is_some() {
            note.set(said);
        }
    };
    view! {
        <div class="count" class:hidden=move || hidden.is_some_and(|h| h.get())>
            <label for=id>{label}</label>
            <input id=id type="number" inputmode="numeric" min=lo.to_string()
                max=move || hi.get().to_string()
                prop:value=move || value.get().to_string()
                aria-describedby=move || note.with(Option::is_some).then(|| note_id.clone())
                on:change=changed/>
            {(!unit.is_empty()).then(|| view! { <span>{unit}</span> })}
            <p class="hint count-note" id=format!("{id}-note") aria-live="polite">{move || note.get()}</p>
        </div>
    }
}
