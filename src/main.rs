//! The web app's entry point: it only mounts the app (see `app`). Trunk builds it to
//! WebAssembly; natively it just says so.

#[cfg(target_arch = "wasm32")]
fn main() {
    parlour::app::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("parlour-web is the browser app: build it with trunk (see README.md).");
}
