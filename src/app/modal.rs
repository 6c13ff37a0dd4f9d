//! A small modal dialog: a title, its content, Escape or the backdrop to close.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A dialog over the screen. Focus moves into it when it opens.
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
    Effect::new(move |_| {
        if let Some(panel) = panel.get() {
            // The element marked autofocus (the safe choice, like "Play on" beside "Resign"),
            // else the first field or button.
            let target = ["[autofocus]", "input, textarea, button"]
                .into_iter()
                .find_map(|selector| panel.query_selector(selector).ok().flatten())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
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
                node_ref=panel
                on:click=|ev| ev.stop_propagation()
                on:keydown=move |ev| {
                    if ev.key() == "Escape" {
                        ev.prevent_default();
                        on_close.run(());
                    }
                }
            >
                <h2 id="dialog-title">{title}</h2>
                {children()}
            </div>
        </div>
    }
}
