//! The box for a whole number in the new-game forms and the Embed dialog (a target score, bones
//! or pegs each, a frame's width and height).

use leptos::prelude::*;
use parlour::count::count;

/// How long typing must pause before the note says what the number typed will become.
const TYPING_PAUSE: std::time::Duration = std::time::Duration::from_millis(600);

/// A labelled box for a whole number from `lo` to `hi`, showing `value` and giving `set` the
/// number kept. What is typed is read as the browser reads it ("1e3" is 1000), taken to the
/// nearest whole number and kept within the bounds; when what is kept is not what was typed, or
/// nothing could be read (the number in force then stays), a note under the box says so, from
/// the moment typing pauses.
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
    // The note and the number it is about: `None` while the number is still being typed (the
    // note then says what will be kept, in the same words, so that it does not move what is below
    // the box under a pointer on its way there); once kept, it shows while the box holds that
    // number (a new game's defaults, changed with its kind, let it go).
    let note = RwSignal::new(None::<(Option<u32>, String)>);
    let shown = Memo::new(move |_| {
        note.with(|n| {
            n.as_ref()
                .filter(|(kept, _)| kept.is_none_or(|k| value.try_get() == Some(k)))
                .map(|(_, text)| text.clone())
        })
    });
    let note_id = format!("{id}-note");
    // What the box would keep of `input`'s number (`None` when nothing could be read), the
    // number in force, and the note; `None` when what it reads is gone (a box left with a number
    // typed changes as its screen goes: the browser's Back, Escape in a dialog).
    let reading = move |input: &web_sys::HtmlInputElement| {
        let (hi, in_force) = (hi.try_get_untracked()?, value.try_get_untracked()?);
        let counted = count(input.value_as_number(), lo, hi);
        let said = counted.note(label, &input.value(), (lo, hi), unit, in_force);
        Some((counted.kept(), in_force, said))
    };
    // Each key typed puts off the note about what is typed until typing pauses.
    let typed = StoredValue::new(0u32);
    let typing = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        typed.update_value(|n| *n += 1);
        let at = typed.get_value();
        set_timeout(
            move || {
                if typed.try_get_value() != Some(at) {
                    return;
                }
                if let Some((_, _, said)) = reading(&input) {
                    note.try_set(said.map(|text| (None, text)));
                }
            },
            TYPING_PAUSE,
        );
    };
    let changed = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some((kept, in_force, said)) = reading(&input) else {
            return;
        };
        typed.update_value(|n| *n += 1);
        // The box shows the number kept, whether or not the value changes. A box cleared sets
        // nothing: the number in force may be a default that follows the form (the bones each
        // of a number of players), and stays one.
        input.set_value(&kept.unwrap_or(in_force).to_string());
        let taken = match kept {
            Some(kept) => set.try_run(kept).is_some(),
            None => true,
        };
        if taken {
            note.try_set(said.map(|text| (Some(kept.unwrap_or(in_force)), text)));
        }
    };
    view! {
        <div class="count" class:hidden=move || hidden.is_some_and(|h| h.get())>
            <label for=id>{label}</label>
            <input id=id type="number" inputmode="numeric" min=lo.to_string()
                max=move || hi.get().to_string()
                prop:value=move || value.get().to_string()
                aria-describedby=move || shown.with(Option::is_some).then(|| note_id.clone())
                on:input=typing
                on:change=changed/>
            {(!unit.is_empty()).then(|| view! { <span>{unit}</span> })}
            <p class="hint count-note" id=format!("{id}-note") aria-live="polite">{move || shown.get()}</p>
        </div>
    }
}
