//! Each game's screens, the screens that the home page does not need (saved games, replays,
//! embedded games, settings and rules) and the dialogs few games open (Picture, Embed) are
//! split off the app's first download: they are fetched when first opened, so that the home
//! page comes quickly (see web/wasm-link.sh, which splits the WebAssembly at the functions
//! marked `#[wasm_split(<part>, ..)]`; functions naming the same part share it).

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use super::modal::Modal;

/// A part of the app could not be fetched: the device went offline before it was ever opened,
/// or the download failed.
#[derive(Debug)]
pub struct PartMissing;

impl From<SplitLoaderError> for PartMissing {
    fn from(_: SplitLoaderError) -> Self {
        PartMissing
    }
}

/// Draws a whole screen from its part once the part has loaded: a short line until then, and a
/// clear message (nothing lost; try again) in a screen of its own if it cannot be fetched.
pub fn part<F>(load: F) -> impl IntoView
where
    F: std::future::Future<Output = Result<AnyView, PartMissing>> + Send + 'static,
{
    loading(Box::pin(load), waiting, || {
        view! {
            <section class="screen narrow">
                <h1 id="screen-title" tabindex="-1">"This page could not be loaded"</h1>
                {missing()}
            </section>
        }
        .into_any()
    })
}

/// Draws a piece of a screen (under the screen's own heading) from its part, as [`part`] does.
pub fn piece<F>(load: F) -> impl IntoView
where
    F: std::future::Future<Output = Result<AnyView, PartMissing>> + Send + 'static,
{
    loading(Box::pin(load), waiting, || missing().into_any())
}

/// A button that opens a dialog from its part (the dialogs that few games need: Picture and
/// Embed); `load` fetches the dialog, given what closes it. Nothing shows while the part comes,
/// since the dialog opens over the screen and the player's place on it is unchanged; if the part
/// cannot be fetched, a dialog says so, and closes as the other would have.
pub fn dialog_button<F>(
    label: &'static str,
    load: impl Fn(Callback<()>) -> F + Send + Sync + 'static,
) -> impl IntoView
where
    F: std::future::Future<Output = Result<AnyView, PartMissing>> + Send + 'static,
{
    let open = RwSignal::new(false);
    let close = Callback::new(move |_| open.set(false));
    let dialog = move || {
        let load = load(close);
        let load = async move { Ok(load.await.unwrap_or_else(|_| missing_dialog(close))) };
        loading(Box::pin(load), || ().into_any(), || ().into_any())
    };
    view! {
        <button type="button" on:click=move |_| open.set(true)>{label}</button>
        {move || open.get().then(&dialog)}
    }
}

/// The dialog that says a dialog's part did not download.
fn missing_dialog(on_close: Callback<()>) -> AnyView {
    view! {
        <Modal title="This could not be opened".to_string() on_close=on_close>
            {missing_message()}
            <p class="actions">
                <button type="button" on:click=move |_| on_close.run(())>"Close"</button>
            </p>
        </Modal>
    }
    .into_any()
}

/// The short line a screen shows while its part comes.
fn waiting() -> AnyView {
    view! { <p class="loading" role="status">"Setting out the board…"</p> }.into_any()
}

/// A part's screen on its way. Boxed, so that every part shares one copy of the waiting code.
type Loading =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<AnyView, PartMissing>> + Send>>;

fn loading(load: Loading, waiting: fn() -> AnyView, or_else: fn() -> AnyView) -> AnyView {
    // The screen, once its part is in: put here by the task below and taken once by the view.
    // (A task and a signal rather than `<Suspense>`, whose machinery is a good deal of code that
    // nothing else in the app needs.)
    let screen = RwSignal::new_local(None::<AnyView>);
    // The task builds the screen under this owner, so that the screen finds the app's context
    // and goes when this goes; untracked, so that what the screen reads as it is built does not
    // redraw whatever drew this.
    untrack(|| {
        leptos::task::spawn_local_scoped_with_cancellation(async move {
            let view = load.await.unwrap_or_else(|_| or_else());
            screen.try_set(Some(view));
            // Once the view is in the page: the screen's heading may be owed the focus.
            set_timeout(super::dom::screen_drawn, std::time::Duration::ZERO);
        })
    });
    (move || {
        screen.track();
        match screen.try_update_untracked(Option::take).flatten() {
            Some(view) => view,
            None => waiting(),
        }
    })
    .into_any()
}

/// What is wrong and what to do: the message and its buttons.
fn missing() -> impl IntoView {
    view! {
        {missing_message()}
        <p class="actions">
            <button type="button" on:click=|_| super::dom::window().location().reload().unwrap_or(())>"Try again"</button>
            <a class="button" href="#/">"The games"</a>
        </p>
    }
}

/// What is wrong, when a part does not download.
fn missing_message() -> impl IntoView {
    view! {
        <p class="error" role="alert">
            "This part of Parlour did not download: the network may be off, and it has not been \
             opened on this device before. Your saved games are untouched. Try again when you \
             are online."
        </p>
    }
}
