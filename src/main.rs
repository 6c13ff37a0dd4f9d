//! The web app's entry point: it only mounts the app (see `app`). Trunk builds it to
//! WebAssembly; natively it just says so.
//!
//! The user interface lives here rather than in the library so that only this program carries
//! it: its games' screens are split off into parts loaded on demand (see `app::parts`), and the
//! computer players' worker, which links the library, stays free of them.

#[cfg(target_arch = "wasm32")]
mod app;

#[cfg(target_arch = "wasm32")]
fn main() {
    app::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("parlour-web is the browser app: build it with trunk (see README.md).");
}
