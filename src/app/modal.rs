//! A small modal dialog: a title, its content, Escape or the backdrop to close.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::effect;

/// The mark on the control that opened the dialog (where the focus was), to go back to.
const OPENER: &str = "data-opened-dialog";

/// What Tab can reach in a dialog. Of a group of radio buttons, Tab reaches the one chosen (the
/// dialogs' groups always have one).
const TABBABLE: &str = "a[href], button:not(:disabled), \
                        input:not(:disabled):not([type=radio]), \
                        input[type=radio]:checked:not(:disabled), \
                        select:not(:disabled), textarea:not(:disabled), \
                        [tabindex]:not([tabindex='-1'])";

/// In a frame, puts the dialog level with the control that opened it rather than in the
/// middle: a frame fitted to its game's height on a site's page may be far taller than the
/// reader's screen, and its middle far from the control they pressed. Kept within the frame.
fn place_by_opener(panel: &web_sys::HtmlDivElement) {
    let window = super::dom::window();
    let opener = window
        .document()
        .and_then(|d| d.query_selector(&format!("[{OPENER}]")).ok().flatten());
    let (Some(opener), Some(room)) = (opener, window.inner_height().ok().and_then(|h| h.as_f64()))
    else {
        return;
    };
    let by = opener.get_bounding_client_rect();
    let tall = panel.get_bounding_client_rect().height();
    // (The backdrop keeps 16 px clear round the dialog.)
    let top = (by.top() + by.height() / 2.0 - tall / 2.0)
        .min(room - tall - 16.0)
        .max(16.0);
    let style = web_sys::HtmlElement::style(panel);
    let _ = style.set_property("align-self", "start");
    let _ = style.set_property("margin-top", &format!("{}px", (top - 16.0) as i32));
}

/// A dialog over the screen. The focus moves into it when it opens, Tab and Shift+Tab go round
/// inside it, and when it closes the focus goes back to what opened it (or, if that is gone
/// or disabled now, to the screen's heading).
#[component]
pub fn Modal(
    /// The dialog's heading.
    title: String,
    /// Called when the player closes the dialog without choosing.
    #[prop(into)]
    on_close: Callback<()>,
    children: Children,
) -> impl IntoView {
    let panel = NodeRef::<html::Div>::new();
    if let Some(opener) = super::dom::window()
        .document()
        .and_then(|d| super::dom::focused_element(&d))
    {
        let _ = opener.set_attribute(OPENER, "");
    }
    on_cleanup(|| set_timeout(give_focus_back, std::time::Duration::ZERO));
    effect(move |_| {
        if let Some(panel) = panel.get() {
            // The element marked `data-autofocus` (the safe choice, like "Play on" beside
            // "Resign"), else the first field or button. (Not `autofocus`: in a frame on another
            // site the browser refuses that, with an error in the site's console.)
            let target = ["[data-autofocus]", "input, select, textarea, button"]
                .into_iter()
                .find_map(|selector| panel.query_selector(selector).ok().flatten())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            // (Placed before it takes the focus, so that nothing scrolls to where it was.)
            if super::dom::frame_parent().is_some() {
                place_by_opener(&panel);
            }
            if let Some(target) = target {
                let _ = target.focus();
            }
        }
    });
    view! {
        <div class="backdrop" on:click=move |_| on_close.run(())>
            <div
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby="dialog-title"
                // A click on the dialog's text keeps the focus in the dialog (on the dialog
                // itself), so that Escape still closes it and keys do not reach the screen behind.
                tabindex="-1"
                node_ref=panel
                on:click=|ev| ev.stop_propagation()
                on:keydown=move |ev| {
                    match ev.key().as_str() {
                        "Escape" => {
                            ev.prevent_default();
                            on_close.run(());
                        }
                        "Tab" => {
                            if let Some(panel) = panel.get_untracked() {
                                tab_round(&panel, &ev);
                            }
                        }
                        _ => {}
                    }
                }
            >
                <h2 id="dialog-title">{title}</h2>
                {children()}
            </div>
        </div>
    }
}

/// Tab from the dialog's last control goes to its first, Shift+Tab from its first to its last:
/// the page behind a modal dialog is out of reach.
fn tab_round(panel: &web_sys::Element, ev: &web_sys::KeyboardEvent) {
    let Ok(found) = panel.query_selector_all(TABBABLE) else {
        return;
    };
    let (Some(first), Some(last)) = (found.get(0), found.get(found.length().saturating_sub(1)))
    else {
        return;
    };
    let active: Option<web_sys::Node> = super::dom::window()
        .document()
        .and_then(|d| super::dom::focused_element(&d))
        .map(Into::into);
    // (The dialog itself, focused by a click on its text, counts as outside its controls.)
    let inside = active
        .as_ref()
        .is_some_and(|a| panel.contains(Some(a)) && a != AsRef::<web_sys::Node>::as_ref(panel));
    let to = if ev.shift_key() && (!inside || active.as_ref() == Some(&first)) {
        last
    } else if !ev.shift_key() && (!inside || active.as_ref() == Some(&last)) {
        first
    } else {
        return;
    };
    if let Ok(to) = to.dyn_into::<web_sys::Element>() {
        ev.prevent_default();
        super::dom::focus_element(&to);
    }
}

/// Once the dialog has gone: the focus goes back to the control that opened it, if it is still
/// there and enabled, else to the screen's heading if the focus has been dropped to the page.
fn give_focus_back() {
    let Some(document) = super::dom::window().document() else {
        return;
    };
    let opener = document
        .query_selector(&format!("[{OPENER}]"))
        .ok()
        .flatten();
    if let Some(opener) = &opener {
        let _ = opener.remove_attribute(OPENER);
        if !opener.matches(":disabled").unwrap_or(true) {
            super::dom::focus_element(opener);
            return;
        }
    }
    if super::dom::focused_element(&document).is_none() {
        super::dom::focus_id("screen-title");
    }
}
