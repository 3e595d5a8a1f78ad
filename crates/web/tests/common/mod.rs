//! The analyser served on a free loopback port, for the tests.

/// Starts the server on a free loopback port, in a thread of its own, and
/// returns the port.
pub fn start() -> u16 {
    start_with(web::Limits::default())
}

/// Starts the server under `limits` on a free loopback port, in a thread
/// of its own, and returns the port.
#[allow(dead_code)]
pub fn start_with(limits: web::Limits) -> u16 {
    let std_listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = std_listener.local_addr().expect("an address").port();
    std_listener.set_nonblocking(true).expect("non-blocking");
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("a runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(std_listener).expect("a listener");
            web::serve_with(listener, web::router_with(&limits), limits)
                .await
                .expect("serving");
        });
    });
    port
}
