//! The browser's localStorage as a [`Backend`].

use super::{Backend, StoreError};

/// localStorage, through gloo-storage.
#[derive(Clone, Copy, Default, Debug)]
pub struct LocalBackend;

fn storage() -> Result<web_sys::Storage, StoreError> {
    use gloo_storage::{LocalStorage, Storage};
    // gloo's `raw` panics where localStorage is turned off, so ask the window first.
    let available = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .is_some();
    if available {
        Ok(LocalStorage::raw())
    } else {
        Err(StoreError::Unavailable(
            "it is turned off in this browser".into(),
        ))
    }
}

fn js_error(e: wasm_bindgen::JsValue) -> StoreError {
    use wasm_bindgen::JsCast;
    match e.dyn_ref::<js_sys::Error>() {
        Some(err) => {
            let name = String::from(err.name());
            if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
                StoreError::Full
            } else if name == "SecurityError" {
                // The browser's own words ("The operation is insecure.") say nothing to a player.
                StoreError::Unavailable("this browser does not allow it for this page".into())
            } else {
                StoreError::Unavailable(String::from(err.message()))
            }
        }
        None => StoreError::Unavailable(format!("{e:?}")),
    }
}

impl Backend for LocalBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        storage()?.get_item(key).map_err(js_error)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        storage()?.set_item(key, value).map_err(js_error)
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        storage()?.remove_item(key).map_err(js_error)
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let storage = storage()?;
        let length = storage.length().map_err(js_error)?;
        Ok((0..length)
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect())
    }
}
