//! The `delve` binary: everything lives in the library; this only hands it the arguments (or,
//! in the browser, the page).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    delve::cli::run(std::env::args_os())
}

#[cfg(target_arch = "wasm32")]
fn main() {
    delve::web::run();
}
