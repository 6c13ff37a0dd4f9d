//! The computer players' Web Worker, seen from the page: started when a computer seat or a
//! hint first needs it, asked by message, and stopped (terminated) to cancel a search, so that
//! the page never waits on the computer.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use parlour::worker::{Answer, Request, READY};

use super::dom;

/// The script Trunk writes to start the worker (not hashed; see index.html).
const WORKER_SCRIPT: &str = "parlour-worker_loader.js";

type Reply = Box<dyn FnOnce(Answer)>;
type MessageHandler = Closure<dyn Fn(web_sys::MessageEvent)>;
type ErrorHandler = Closure<dyn Fn(web_sys::Event)>;

#[derive(Default)]
struct Computer {
    worker: Option<web_sys::Worker>,
    /// Keeps the worker's message and error handlers alive as long as the worker.
    on_message: Option<MessageHandler>,
    on_error: Option<ErrorHandler>,
    /// Whether the worker has said it is listening; questions asked before then wait here.
    ready: bool,
    queued: Vec<String>,
    next_id: u64,
    /// The questions asked and not yet answered, by id, with what to do with each answer.
    waiting: Vec<(u64, Reply)>,
}

thread_local! {
    static COMPUTER: RefCell<Computer> = RefCell::new(Computer::default());
}

fn start_worker() -> Result<(web_sys::Worker, MessageHandler, ErrorHandler), String> {
    let base = dom::window()
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_else(dom::page_url);
    let url = web_sys::Url::new_with_base(WORKER_SCRIPT, &base)
        .map_err(|_| "the computer player's address could not be made".to_string())?
        .href();
    let worker = web_sys::Worker::new(&url)
        .map_err(|_| "the computer player could not be started".to_string())?;
    let on_message = MessageHandler::new(|event: web_sys::MessageEvent| {
        let Some(text) = event.data().as_string() else {
            return;
        };
        if text == READY {
            // Messages sent before the worker's WebAssembly was running would be lost, so
            // they wait until it says it is ready.
            COMPUTER.with(|c| {
                let mut computer = c.borrow_mut();
                computer.ready = true;
                let queued = std::mem::take(&mut computer.queued);
                if let Some(worker) = &computer.worker {
                    for text in queued {
                        let _ = worker.post_message(&JsValue::from_str(&text));
                    }
                }
            });
            return;
        }
        let Ok(answer) = serde_json::from_str::<Answer>(&text) else {
            return;
        };
        let reply = COMPUTER.with(|c| {
            let waiting = &mut c.borrow_mut().waiting;
            let at = waiting.iter().position(|(id, _)| *id == answer.id)?;
            Some(waiting.swap_remove(at).1)
        });
        if let Some(reply) = reply {
            reply(answer);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // A worker whose files cannot be fetched (offline before they were ever kept) would leave
    // every question unanswered: each is answered that the computer could not be loaded, and
    // the next question starts a fresh worker.
    let on_error = ErrorHandler::new(|event: web_sys::Event| {
        event.prevent_default();
        let unanswered = COMPUTER.with(|c| {
            let mut computer = c.borrow_mut();
            if let Some(worker) = computer.worker.take() {
                worker.terminate();
            }
            computer.ready = false;
            computer.queued.clear();
            std::mem::take(&mut computer.waiting)
        });
        for (id, reply) in unanswered {
            reply(Answer {
                id,
                error: Some(
                    "its files could not be fetched: it needs the network the first time it plays"
                        .to_string(),
                ),
                ..Answer::default()
            });
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok((worker, on_message, on_error))
}

/// Asks the computer; `reply` is called with its answer unless [`cancel`] comes first.
/// Returns the request's id.
pub fn ask(mut request: Request, reply: impl FnOnce(Answer) + 'static) -> Result<u64, String> {
    COMPUTER.with(|cell| {
        let mut computer = cell.borrow_mut();
        if computer.worker.is_none() {
            let (worker, on_message, on_error) = start_worker()?;
            computer.worker = Some(worker);
            computer.on_message = Some(on_message);
            computer.on_error = Some(on_error);
        }
        computer.next_id += 1;
        request.id = computer.next_id;
        let text = serde_json::to_string(&request).map_err(|e| e.to_string())?;
        if computer.ready {
            let worker = computer.worker.as_ref().expect("started above");
            worker
                .post_message(&JsValue::from_str(&text))
                .map_err(|_| "the computer player could not be asked".to_string())?;
        } else {
            computer.queued.push(text);
        }
        computer.waiting.push((request.id, Box::new(reply)));
        Ok(request.id)
    })
}

/// Stops whatever the computer is thinking about: the worker is ended and no answer comes.
/// The next question starts a fresh worker.
pub fn cancel() {
    COMPUTER.with(|cell| {
        let mut computer = cell.borrow_mut();
        if !computer.waiting.is_empty() {
            if let Some(worker) = computer.worker.take() {
                worker.terminate();
            }
            computer.on_message = None;
            computer.waiting.clear();
            computer.queued.clear();
            computer.ready = false;
        }
    });
}
