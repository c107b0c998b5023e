//! The `delve` binary: everything lives in the library; this only hands it the arguments.

fn main() -> std::process::ExitCode {
    delve::cli::run(std::env::args_os())
}
