//! A round-robin reverse proxy on 127.0.0.1, as an operator puts in front of several bot
//! processes in webhook mode: each POST goes to the next backend, and to the one after
//! when a backend is down or fails the request (nginx's `proxy_next_upstream`). When every
//! backend fails, it answers 502 and Telegram tries again later.

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    body::Bytes,
    extract::{Request, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};

const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

struct Backends {
    addrs: Vec<SocketAddr>,
    next: AtomicUsize,
    client: reqwest::Client,
}

/// The running proxy.
pub struct Proxy {
    pub addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl Proxy {
    /// Forwards every request to `backends`, in turn.
    pub async fn start(backends: Vec<SocketAddr>) -> Proxy {
        let state = Arc::new(Backends {
            addrs: backends,
            next: AtomicUsize::new(0),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(5))
                .build()
                .expect("an HTTP client"),
        });
        let app = Router::new().fallback(forward).with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1");
        let addr = listener.local_addr().expect("local addr");
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("the proxy serves");
        });
        Proxy { addr, server }
    }
}

async fn forward(State(b): State<Arc<Backends>>, request: Request) -> Response {
    let path = request
        .uri()
        .path_and_query()
        .map_or("/".to_string(), |p| p.to_string());
    let headers: HeaderMap = request.headers().clone();
    let Ok(body): Result<Bytes, _> = axum::body::to_bytes(request.into_body(), 1 << 20).await
    else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let first = b.next.fetch_add(1, Ordering::Relaxed);
    for i in 0..b.addrs.len() {
        let addr = b.addrs[(first + i) % b.addrs.len()];
        let mut post = b
            .client
            .post(format!("http://{addr}{path}"))
            .header("content-type", "application/json")
            .body(body.clone());
        if let Some(secret) = headers.get(SECRET_HEADER) {
            post = post.header(SECRET_HEADER, secret.clone());
        }
        match post.send().await {
            Ok(r) if !r.status().is_server_error() => {
                let status = StatusCode::from_u16(r.status().as_u16()).expect("a status");
                return status.into_response();
            }
            _ => continue,
        }
    }
    StatusCode::BAD_GATEWAY.into_response()
}
