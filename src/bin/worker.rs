//! The Web Worker in which the computer players think, off the page's main thread. It holds
//! the rules and the computer players only; `parlour::worker` answers each message.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    struct DateClock;
    impl parlour::ai::Clock for DateClock {
        fn now_ms(&self) -> f64 {
            js_sys::Date::now()
        }
    }

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            let answer = parlour::worker::answer(&text, &DateClock);
            let _ = reply_to.post_message(&JsValue::from_str(&answer));
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(parlour::worker::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("parlour-worker is the browser's computer player: Trunk builds it (see README.md).");
}
