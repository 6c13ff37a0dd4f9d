//! Small helpers over the browser: the clock, random ids, the URL, files and the clipboard.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::effect;
use super::route::Route;

/// The browser's window.
pub fn window() -> web_sys::Window {
    web_sys::window().expect("Parlour runs in a browser window")
}

/// Milliseconds since 1970.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// A date and time in the reader's own style.
pub fn local_time(ms: f64) -> String {
    let date = js_sys::Date::new(&JsValue::from_f64(ms));
    let options = js_sys::Object::new();
    for (key, value) in [("dateStyle", "medium"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    String::from(date.to_locale_string("default", &options))
}

/// Whether a key was pressed in a dialog (on its controls or on the dialog itself): a screen's
/// own keys leave it to the dialog.
pub fn in_dialog(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.closest("[role=dialog]").ok().flatten().is_some())
}

/// Whether the reader has a mouse or a trackpad, and so most likely a keyboard: on a touch
/// screen alone, instructions name no keys.
pub fn has_keyboard() -> bool {
    media_matches("(any-pointer: fine)")
}

/// Scrolls `element` to the top of the screen if it lies above the screen or low in it (below
/// four fifths of its height). Not in a frame, whose scrolling is the site's.
pub fn into_sight(element: &web_sys::Element) {
    if frame_parent().is_some() {
        return;
    }
    let top = element.get_bounding_client_rect().top();
    let tall = screen_height();
    if top < 0.0 || top > tall * 0.8 {
        element.scroll_into_view_with_bool(true);
    }
}

/// The height of the window's viewport, in CSS pixels.
fn screen_height() -> f64 {
    window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// Does `action`, then scrolls the page as far as the action moved the element `selector` (by
/// putting something in above it, or taking something away), so that what was under the pointer
/// is still there for the next click or tap. Not when a result panel is up, which is brought
/// into view instead, nor in a frame, whose scrolling is the site's.
pub fn keeping_in_place(selector: &'static str, action: impl FnOnce()) {
    let top = move || {
        let document = window().document()?;
        if document
            .query_selector(".end-panel")
            .ok()
            .flatten()
            .is_some()
        {
            return None;
        }
        let element = document.query_selector(selector).ok().flatten()?;
        Some(element.get_bounding_client_rect().top())
    };
    let before = top();
    action();
    let Some(before) = before.filter(|_| frame_parent().is_none()) else {
        return;
    };
    // Looked at once the screen has been drawn for the action, before it is painted.
    leptos::prelude::request_animation_frame(move || {
        if let Some(after) = top() {
            if (after - before).abs() >= 1.0 {
                window().scroll_by_with_x_and_y(0.0, after - before);
            }
        }
    });
}

/// Whether the screen matches a CSS media query now.
fn media_matches(query: &str) -> bool {
    window()
        .match_media(query)
        .ok()
        .flatten()
        .is_some_and(|list| list.matches())
}

/// Whether the screen matches a CSS media query, followed as the window is resized: for a
/// screen that puts a part of itself elsewhere where there is room, as CSS cannot.
/// `before_change` runs just before the signal changes, while the page is still laid out for
/// the old answer.
pub fn follow_media(
    query: &'static str,
    before_change: impl Fn() + 'static,
) -> leptos::prelude::ReadSignal<bool> {
    use leptos::prelude::*;
    let (matches, set_matches) = signal(media_matches(query));
    let watch = window_event_listener(leptos::ev::resize, move |_| {
        let now = media_matches(query);
        if matches.get_untracked() != now {
            before_change();
            set_matches.set(now);
        }
    });
    on_cleanup(move || watch.remove());
    matches
}

/// Random bytes from the browser's generator.
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    // A browser without crypto.getRandomValues cannot run this app's wasm either; fall back to
    // the clock rather than fail.
    if getrandom::getrandom(&mut bytes).is_err() {
        return now().to_bits();
    }
    u64::from_le_bytes(bytes)
}

/// A new id for a saved game: the time, then randomness (so ids sort roughly by age).
pub fn new_id() -> String {
    format!("{:x}-{:06x}", now() as u64, random_u64() & 0xff_ffff)
}

/// Goes to a screen (a new history entry).
pub fn go(route: &Route) {
    let _ = window().location().set_hash(&route.hash());
}

/// Replaces the current history entry by a screen, without a new entry.
pub fn replace(route: &Route) {
    let url = route.hash();
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The URL of the page without its fragment (for share links).
pub fn page_url() -> String {
    let location = window().location();
    let href = location.href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// Text as a URI component.
pub fn encode_component(text: &str) -> String {
    String::from(js_sys::encode_uri_component(text))
}

/// A URI component back to text.
pub fn decode_component(text: &str) -> Option<String> {
    js_sys::decode_uri_component(text).ok().map(String::from)
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not make the file".to_string())?;
    download_blob(name, &blob)
}

/// Offers a file's contents as a download named `name`.
pub fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let url = web_sys::Url::create_object_url_with_blob(blob)
        .map_err(|_| "the browser could not make the file".to_string())?;
    let document = window().document().expect("a window has a document");
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "the browser could not start the download".to_string())?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads the text of the first file chosen in a file input.
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
) -> Result<(String, String), String> {
    let file = input
        .files()
        .and_then(|files| files.get(0))
        .ok_or("no file was chosen")?;
    let text = JsFuture::from(file.text())
        .await
        .map_err(|_| format!("the file {} could not be read", file.name()))?;
    Ok((file.name(), text.as_string().unwrap_or_default()))
}

/// Copies text to the clipboard, then says in `said` (a dialog's status line) whether it was
/// copied (`done`) or the reader must copy it by hand (`by_hand`); then the text is selected in
/// the field `shown_in` (the element's id), ready to copy.
pub fn copy_and_say(
    text: String,
    said: leptos::prelude::RwSignal<String>,
    (done, by_hand): (&'static str, &'static str),
    shown_in: &'static str,
) {
    use leptos::prelude::Set;
    leptos::task::spawn_local(async move {
        let words = if copy_text(&text).await.is_ok() {
            done
        } else {
            let field = window()
                .document()
                .and_then(|d| d.get_element_by_id(shown_in));
            if let Some(area) = field
                .clone()
                .and_then(|f| f.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                let _ = area.focus();
                area.select();
            } else if let Some(input) =
                field.and_then(|f| f.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                let _ = input.focus();
                input.select();
            }
            by_hand
        };
        said.set(words.into());
    });
}

/// Copies text to the clipboard.
pub async fn copy_text(text: &str) -> Result<(), String> {
    let clipboard = window().navigator().clipboard();
    JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(|_| "the browser did not allow copying".to_string())
}

/// Fetches a text file that ships with the app, relative to the page.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    let response = JsFuture::from(window().fetch_with_str(path))
        .await
        .map_err(|_| format!("{path} could not be loaded"))?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!(
            "{path} could not be loaded ({})",
            response.status()
        ));
    }
    let text = response
        .text()
        .map_err(|_| format!("{path} could not be read"))?;
    JsFuture::from(text)
        .await
        .map(|t| t.as_string().unwrap_or_default())
        .map_err(|_| format!("{path} could not be read"))
}

/// Sets an attribute on the root element (theme and motion settings live there for CSS).
pub fn set_root_attribute(name: &str, value: Option<&str>) {
    if let Some(root) = window().document().and_then(|d| d.document_element()) {
        let _ = match value {
            Some(value) => root.set_attribute(name, value),
            None => root.remove_attribute(name),
        };
    }
}

/// This tab's own storage (sessionStorage: kept over a reload, gone with the tab), if the
/// browser lets the page have one.
fn tab_storage() -> Option<web_sys::Storage> {
    window().session_storage().ok().flatten()
}

/// The value this tab keeps under `key`, if any.
pub fn tab_value(key: &str) -> Option<String> {
    tab_storage()?.get_item(key).ok().flatten()
}

/// Keeps `value` under `key` for this tab, or forgets it (`None`). A storage that refuses
/// loses only what this tab would have kept over a reload.
pub fn keep_for_tab(key: &str, value: Option<&str>) {
    if let Some(storage) = tab_storage() {
        let _ = match value {
            Some(value) => storage.set_item(key, value),
            None => storage.remove_item(key),
        };
    }
}

/// Moves keyboard focus to the element with this id, if there is one.
pub fn focus_id(id: &str) -> bool {
    let element = window().document().and_then(|d| d.get_element_by_id(id));
    match element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        Some(element) => element.focus().is_ok(),
        None => false,
    }
}

/// Moves the keyboard's focus to an element, an SVG one too (which has no `HtmlElement` focus).
pub fn focus_element(element: &web_sys::Element) {
    focus_with(element, &wasm_bindgen::JsValue::UNDEFINED);
}

/// Moves the keyboard's focus where play goes on, as [`focus_element`] does, except into a
/// result that has just come (a hand's or a game's end), which is read from its heading: the
/// focus goes to its button without scrolling the page past the heading to it, and as much of
/// the result as the screen holds is brought into sight.
fn focus_in_play(element: &web_sys::Element) {
    match element.closest(".end-panel").ok().flatten() {
        Some(panel) => {
            focus_in_place(element);
            panel_into_sight(&panel);
        }
        None => focus_element(element),
    }
}

/// Scrolls the page (not in a frame, whose scrolling is the site's) so that as much of a panel
/// as the screen holds is in sight, its top first.
fn panel_into_sight(panel: &web_sys::Element) {
    if frame_parent().is_some() {
        return;
    }
    let rect = panel.get_bounding_client_rect();
    let tall = screen_height();
    let margin = 8.0;
    let by = if rect.top() < 0.0 {
        rect.top() - margin
    } else if rect.bottom() > tall {
        (rect.bottom() - tall + margin).min(rect.top() - margin)
    } else {
        0.0
    };
    if by.abs() >= 1.0 {
        window().scroll_by_with_x_and_y(0.0, by);
    }
}

/// Moves the keyboard's focus to an element without scrolling the page to it.
pub fn focus_in_place(element: &web_sys::Element) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    focus_with(element, &options);
}

fn focus_with(element: &web_sys::Element, options: &wasm_bindgen::JsValue) {
    if let Ok(focus) = js_sys::Reflect::get(element, &"focus".into()) {
        if let Ok(focus) = focus.dyn_into::<js_sys::Function>() {
            let _ = focus.call1(element, options);
        }
    }
}

/// Moves the keyboard's focus, once the screen has drawn what was just changed, to the first
/// element that matches the first of `selectors` (tried in order) that matches any.
pub fn focus_first(selectors: &'static [&'static str]) {
    focus_soon(move || {
        let document = window().document()?;
        selectors
            .iter()
            .find_map(|selector| document.query_selector(selector).ok().flatten())
    });
}

/// Moves the keyboard's focus, once the screen has drawn what was just changed, to the first
/// element matching `selector` inside the one `root` finds then.
pub fn focus_within(
    root: impl FnOnce() -> Option<web_sys::Element> + 'static,
    selector: &'static str,
) {
    focus_soon(move || root()?.query_selector(selector).ok().flatten());
}

/// Moves the keyboard's focus, once the screen has drawn what was just changed, to the element
/// `find` finds then, if it finds one (into a result as [`focus_in_play`] says).
pub fn focus_soon(find: impl FnOnce() -> Option<web_sys::Element> + 'static) {
    leptos::prelude::set_timeout(
        move || {
            if let Some(element) = find() {
                focus_in_play(&element);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// A measure of a drawing's own width in CSS pixels (`measure`: how it is laid out, such as
/// whether the Archery line folds or how many halves a row of the Dominoes table holds), kept
/// up to date as its box is resized, by the window or by the layout around it, for as long as it
/// is shown. A drawing laid out by the room it is given, rather than by a guess from the
/// window's width, is drawn alike wherever it is put: a play screen, a replay beside its move
/// list, a frame on another site. Until the drawing is on the page it is measured as if it had
/// all the room it wants.
pub fn measured_by_width<T: PartialEq + Send + Sync + 'static>(
    drawing: leptos::prelude::NodeRef<leptos::svg::Svg>,
    measure: fn(f64) -> T,
) -> leptos::prelude::Signal<T> {
    use leptos::prelude::*;
    use wasm_bindgen::closure::Closure;
    let value = RwSignal::new(measure(f64::INFINITY));
    effect(move |_| {
        let Some(element) = drawing.get() else {
            return;
        };
        let measured = element.clone();
        let update = move || {
            let now = measure(measured.get_bounding_client_rect().width());
            if value.with_untracked(|v| *v != now) {
                value.set(now);
            }
        };
        // Measured at once, before the drawing is first painted, then on every resize.
        update();
        let on_resize = Closure::<dyn Fn()>::new(update);
        let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else {
            return;
        };
        observer.observe(&element);
        // Kept (with the closure it calls) for as long as the drawing is shown.
        let kept = StoredValue::new_local((observer, on_resize));
        on_cleanup(move || {
            kept.try_with_value(|(observer, _)| observer.disconnect());
        });
    });
    value.into()
}

/// The element that has the keyboard's focus, or `None` if the focus is on the page itself (on
/// nothing, or on the body): where the browser drops it when its element is taken away.
pub fn focused_element(document: &web_sys::Document) -> Option<web_sys::Element> {
    let body: Option<web_sys::Element> = document.body().map(Into::into);
    document
        .active_element()
        .filter(|active| Some(active) != body.as_ref())
}

thread_local! {
    /// A new screen's heading is owed the focus: the screen is drawn from a part of the app that
    /// was still on its way when the screen changed.
    static TITLE_OWED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Moves the focus to the new screen's heading (`#screen-title`), where a screen reader starts
/// reading it. If the screen is not drawn yet (its part is on the way), the heading gets the
/// focus when it is ([`screen_drawn`]).
pub fn focus_screen_title() {
    let focused = focus_id("screen-title");
    TITLE_OWED.with(|owed| owed.set(!focused));
}

/// A screen (or a piece of one) has been drawn from its part: its heading gets the focus if it
/// is owed it and the player has not put the focus anywhere in the meantime.
pub fn screen_drawn() {
    if !TITLE_OWED.with(|owed| owed.replace(false)) {
        return;
    }
    if window()
        .document()
        .is_some_and(|d| focused_element(&d).is_none())
    {
        focus_id("screen-title");
    }
}

/// Keeps the keyboard's focus on the screen as play moves on. When the control that had the
/// focus is disabled or taken away (the Spin button while the top spins, an arrow's button once
/// the arrow has flown), the browser drops the focus to the page, where a screen reader loses its
/// place and Tab starts again from the top. Instead the focus goes to the first of `next` (CSS
/// selectors, tried in order) that is there and enabled, at once or as soon as there is one;
/// from Undo or Redo (marked `data-history`) it goes to the other first.
/// Nothing moves while the focus is somewhere the player put it. `moves_on` is read to follow
/// the play.
pub fn keep_focus<T: 'static>(moves_on: impl Fn() -> T + 'static, next: &'static [&'static str]) {
    use leptos::prelude::*;
    // The control that had the focus last, and whether the focus has been dropped from it.
    let last = StoredValue::new_local(None::<web_sys::Element>);
    let dropped = StoredValue::new(false);
    let watch = window_event_listener(leptos::ev::focusin, move |ev| {
        last.set_value(
            ev.target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
        );
        dropped.set_value(false);
    });
    on_cleanup(move || watch.remove());
    effect(move |_| {
        moves_on();
        // Looked at once the screen has been redrawn for the move (its controls enabled or gone).
        set_timeout(
            move || look_for_focus(last, dropped, next, FOCUS_TRIES),
            std::time::Duration::ZERO,
        );
    });
}

/// How many times [`keep_focus`] looks for a control to take the focus, [`FOCUS_RETRY`] apart,
/// while none is there yet (a panel whose part is still being fetched).
const FOCUS_TRIES: u32 = 20;
const FOCUS_RETRY: std::time::Duration = std::time::Duration::from_millis(100);

/// [`keep_focus`]'s look: when the focus has been dropped to the page, puts it on the first of
/// `next` there is, looking again a little later while there is none.
fn look_for_focus(
    last: leptos::prelude::StoredValue<Option<web_sys::Element>, leptos::prelude::LocalStorage>,
    dropped: leptos::prelude::StoredValue<bool>,
    next: &'static [&'static str],
    tries: u32,
) {
    use leptos::prelude::*;
    let Some(document) = window().document() else {
        return;
    };
    // Gone from play: taken away, disabled, or turned off in place (a Dominoes end that took a
    // bone is redrawn as it was, no longer a target: the focus stays on it until the table is
    // laid out again and it goes, too late to be noticed here).
    let gone = |e: &web_sys::Element| {
        !e.is_connected()
            || e.matches(":disabled, [aria-disabled=\"true\"][tabindex=\"-1\"]")
                .unwrap_or(false)
    };
    let on_page = focused_element(&document).is_none_or(|active| gone(&active));
    if !on_page {
        return;
    }
    // (The screen may have gone by the time this runs: then there is nothing to do.)
    let Some(was_dropped) = dropped.try_get_value() else {
        return;
    };
    let last_gone = last
        .try_with_value(|l| l.as_ref().is_some_and(gone))
        .unwrap_or(false);
    if !was_dropped && !last_gone {
        return;
    }
    dropped.set_value(true);
    // Undo with nothing left to take back hands the focus to Redo, and Redo to Undo: the next
    // Enter, from a player pressing on, then does no harm, where on the board it would be a move
    // (and a move would drop what Redo could bring back).
    let from_history = last
        .try_with_value(|l| l.as_ref().is_some_and(|e| e.has_attribute("data-history")))
        .unwrap_or(false);
    let history: &[&str] = if from_history {
        &["[data-history]:not(:disabled)"]
    } else {
        &[]
    };
    let target = history.iter().chain(next).find_map(|selector| {
        let element = document.query_selector(selector).ok().flatten()?;
        (!gone(&element)).then_some(element)
    });
    match target {
        Some(element) => focus_in_play(&element),
        None if tries > 0 => set_timeout(
            move || look_for_focus(last, dropped, next, tries - 1),
            FOCUS_RETRY,
        ),
        None => {}
    }
}

/// The page around this one, when this page is in a frame.
pub fn frame_parent() -> Option<web_sys::Window> {
    let window = window();
    window
        .parent()
        .ok()
        .flatten()
        .filter(|parent| *parent != window)
}

/// In a frame, tells the page around it how tall this page's content is, at once and whenever
/// it changes, by the message `parlour-height:N` (N in CSS pixels, rounded up), so that a script
/// on that page (the Embed dialog writes one) can fit the frame to the game: on a phone the
/// frame is narrower than it was sized for and the game taller. Outside a frame, or once it has
/// started, it does nothing; while a part is fetched it waits for the screen. The style sheet
/// lets an embedded page's body be as tall as its content (not the frame's), so the height told
/// does not follow the frame's own.
pub fn tell_frame_height() {
    use std::cell::Cell;
    use wasm_bindgen::closure::Closure;
    thread_local! {
        static TELLING: Cell<bool> = const { Cell::new(false) };
    }
    let window = window();
    let Some(parent) = frame_parent() else {
        return;
    };
    if TELLING.with(|telling| telling.replace(true)) {
        return;
    }
    let Some(body) = window.document().and_then(|d| d.body()) else {
        return;
    };
    let measured = body.clone();
    let told = Cell::new(0.0);
    let tell = move || {
        // Not while a part is fetched: the frame would shrink to the line that says so, and a
        // frame out of the reader's sight is not laid out again until it comes into view.
        if measured.query_selector(".loading").ok().flatten().is_some() {
            return;
        }
        let height = measured.get_bounding_client_rect().height().ceil();
        if height > 0.0 && height != told.replace(height) {
            let message = JsValue::from_str(&format!("parlour-height:{}", height as u32));
            let _ = parent.post_message(&message, "*");
        }
    };
    let on_resize = Closure::<dyn Fn()>::new(tell);
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&body);
        // Kept, with the closure it calls, for as long as the page is open.
        std::mem::forget(observer);
        on_resize.forget();
    }
}
