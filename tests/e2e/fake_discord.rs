//! A fake Discord on 127.0.0.1: the REST endpoints a poise bot calls and a gateway
//! websocket (HELLO → IDENTIFY → READY → dispatches, heartbeats acknowledged).
//!
//! It keeps Discord's rules that matter to a play-by-message bot and records every
//! breach as a violation instead of crashing: an interaction must be acknowledged within
//! 3 seconds, at most once; follow-ups need an acknowledgement first; message text is at
//! most 2000 characters; at most 5 rows of at most 5 buttons with custom ids of at most 100
//! characters; at most 25 autocomplete choices. Tests read what the bot did from the
//! recorded messages, acknowledgements and command registrations.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    Router,
    body::Bytes,
    extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State},
    http::{Method, StatusCode, header},
    response::{IntoResponse, Response},
};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::mpsc, task::JoinHandle};
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP_ID: u64 = 1001;
pub const BOT_ID: u64 = 1000;
pub const GUILD_ID: u64 = 2001;
const EPHEMERAL: u64 = 64;
/// Discord's 3-second rule for the first response to an interaction.
pub const ACK_WITHIN: Duration = Duration::from_secs(3);

/// A person in the fake server.
#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
    /// Whether they hold Manage Server.
    pub admin: bool,
}

impl User {
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// A message the bot made: in a channel, or as an interaction response or follow-up.
#[derive(Clone, Debug)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub flags: u64,
    /// `(file name, bytes)`.
    pub attachments: Vec<(String, Vec<u8>)>,
    /// The action rows as sent.
    pub components: Value,
    pub allowed_mentions: Value,
    pub deleted: bool,
}

impl Msg {
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// Every button: `(label, custom_id, enabled)`.
    pub fn buttons(&self) -> Vec<(String, String, bool)> {
        let mut out = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for b in row["components"].as_array().into_iter().flatten() {
                out.push((
                    b["label"].as_str().unwrap_or_default().to_string(),
                    b["custom_id"].as_str().unwrap_or_default().to_string(),
                    !b["disabled"].as_bool().unwrap_or(false),
                ));
            }
        }
        out
    }

    /// The custom id of the button labelled `label`.
    pub fn button(&self, label: &str) -> Option<String> {
        self.buttons()
            .into_iter()
            .find(|(l, _, _)| l == label)
            .map(|(_, id, _)| id)
    }

    /// Whether the message may ping `user` (allowed mentions name them).
    pub fn may_ping(&self, user: u64) -> bool {
        self.allowed_mentions["users"]
            .as_array()
            .is_some_and(|u| u.iter().any(|v| v.as_str() == Some(&user.to_string())))
    }

    fn to_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "channel_id": self.channel_id.to_string(),
            "author": {"id": BOT_ID.to_string(), "username": "labscape", "discriminator": "0000",
                       "global_name": null, "avatar": null, "bot": true},
            "content": self.content,
            "timestamp": "2024-01-01T00:00:00.000000+00:00",
            "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": self.attachments.iter().enumerate().map(|(i, (name, bytes))| json!({
                "id": (self.id * 10 + i as u64).to_string(), "filename": name, "size": bytes.len(),
                "url": format!("http://127.0.0.1/attachments/{}/{name}", self.id),
                "proxy_url": format!("http://127.0.0.1/attachments/{}/{name}", self.id),
            })).collect::<Vec<_>>(),
            "embeds": [], "pinned": false, "type": 0,
            "flags": self.flags,
            "components": self.components,
        })
    }
}

/// One delivery of an interaction (a repeated delivery may reuse the id and token).
#[derive(Clone, Debug)]
pub struct Delivery {
    pub id: u64,
    pub token: String,
    pub kind: u8,
    pub channel_id: u64,
    pub sent_at: Instant,
    /// `(callback type, flags, delay)` of the accepted acknowledgement.
    pub ack: Option<(u8, u64, Duration)>,
    /// Acknowledgements refused (already acknowledged, or too late).
    pub refused_acks: usize,
    /// Autocomplete choices `(name, value)`.
    pub choices: Option<Vec<(String, String)>>,
    /// Messages answering this delivery (initial response, follow-ups), by id.
    pub responses: Vec<u64>,
    /// The deferred placeholder was deleted.
    pub original_deleted: bool,
    /// The original (or, for a button, its message) was edited.
    pub original_edited: bool,
    /// The message a button was on.
    pub component_message: Option<u64>,
    payload: Value,
}

#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    pub name: String,
    pub kind: u8,
    pub parent: Option<u64>,
    pub deleted: bool,
}

#[derive(Default)]
struct Inner {
    next_id: u64,
    seq: u64,
    gateway: Option<mpsc::UnboundedSender<String>>,
    identifies: usize,
    /// The `shard` of every identify, `[id, total]`.
    shards: Vec<Value>,
    registrations: Vec<Value>,
    deliveries: Vec<Delivery>,
    messages: Vec<Msg>,
    channels: HashMap<u64, Channel>,
    violations: Vec<String>,
    requests: Vec<String>,
    ws_url: String,
}

impl Inner {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
    fn delivery(&mut self, token: &str) -> Option<&mut Delivery> {
        self.deliveries.iter_mut().rev().find(|d| d.token == token)
    }
}

type Shared = Arc<Mutex<Inner>>;

/// The fake. Dropping it stops its servers.
pub struct FakeDiscord {
    inner: Shared,
    rest_url: String,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

fn lock(s: &Shared) -> std::sync::MutexGuard<'_, Inner> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on random ports of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest_url = format!("http://{}", rest.local_addr().unwrap());
        let ws_url = format!("ws://{}", ws.local_addr().unwrap());
        let inner: Shared = Arc::new(Mutex::new(Inner {
            next_id: 900_000,
            ws_url,
            ..Inner::default()
        }));
        let app = Router::new()
            .fallback(rest_handler)
            .layer(DefaultBodyLimit::max(64 << 20))
            .with_state(inner.clone());
        let rest_task = tokio::spawn(async move {
            let _ = axum::serve(rest, app).await;
        });
        let gw_inner = inner.clone();
        let ws_task = tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                tokio::spawn(gateway_session(gw_inner.clone(), stream));
            }
        });
        FakeDiscord {
            inner,
            rest_url,
            tasks: vec![rest_task, ws_task],
        }
    }

    /// The base URL for `LABSCAPE_DISCORD_API_URL`.
    pub fn api_url(&self) -> String {
        self.rest_url.clone()
    }

    /// Adds a text channel.
    pub fn channel(&self, name: &str) -> u64 {
        let mut s = lock(&self.inner);
        let id = s.id();
        s.channels.insert(
            id,
            Channel {
                id,
                name: name.into(),
                kind: 0,
                parent: None,
                deleted: false,
            },
        );
        id
    }

    pub fn channels(&self) -> Vec<Channel> {
        lock(&self.inner).channels.values().cloned().collect()
    }

    pub fn identifies(&self) -> usize {
        lock(&self.inner).identifies
    }

    /// The `shard` field (`[id, total]`) of every identify so far.
    pub fn shards(&self) -> Vec<Value> {
        lock(&self.inner).shards.clone()
    }

    /// Every command registration (the PUT bodies), oldest first.
    pub fn registrations(&self) -> Vec<Value> {
        lock(&self.inner).registrations.clone()
    }

    pub fn violations(&self) -> Vec<String> {
        lock(&self.inner).violations.clone()
    }

    pub fn requests(&self) -> Vec<String> {
        lock(&self.inner).requests.clone()
    }

    pub fn delivery(&self, token: &str) -> Delivery {
        lock(&self.inner)
            .delivery(token)
            .expect("known delivery")
            .clone()
    }

    /// Messages in `channel` (not ephemeral, not deleted), oldest first.
    pub fn channel_messages(&self, channel: u64) -> Vec<Msg> {
        lock(&self.inner)
            .messages
            .iter()
            .filter(|m| m.channel_id == channel && !m.ephemeral() && !m.deleted)
            .cloned()
            .collect()
    }

    /// Waits until `f` holds (checked every 10 ms), or panics after `timeout`.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut f: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(t) = f(self) {
                return t;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; violations: {:?}; last requests: {:?}",
                self.violations(),
                self.requests().iter().rev().take(10).collect::<Vec<_>>()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits for the `n`th IDENTIFY and the `n`th command registration (the bot is ready
    /// once poise's setup registered the commands).
    pub async fn wait_ready(&self, n: usize) {
        self.wait_until("the bot to connect", Duration::from_secs(20), |f| {
            let s = lock(&f.inner);
            (s.identifies >= n && s.registrations.len() >= n && s.gateway.is_some()).then_some(())
        })
        .await;
    }

    fn member(user: &User) -> Value {
        json!({
            "user": {"id": user.id.to_string(), "username": user.name, "discriminator": "0",
                     "global_name": user.name, "avatar": null},
            "nick": null, "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0,
            // Manage Server, or just view + send messages.
            "permissions": if user.admin { "3104" } else { "3072" },
        })
    }

    fn channel_json(&self, channel: u64) -> Value {
        let s = lock(&self.inner);
        match s.channels.get(&channel) {
            Some(c) => {
                json!({"id": c.id.to_string(), "type": c.kind, "name": c.name,
                       "parent_id": c.parent.map(|p| p.to_string())})
            }
            None => json!({"id": channel.to_string(), "type": 0}),
        }
    }

    fn base(&self, kind: u8, user: &User, channel: u64, id: u64, token: &str) -> Value {
        json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "guild_id": GUILD_ID.to_string(), "channel_id": channel.to_string(),
            "channel": self.channel_json(channel),
            "member": Self::member(user),
            "token": token, "version": 1, "app_permissions": "2147483647", "locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
            "context": 0, "attachment_size_limit": 10485760,
        })
    }

    fn new_delivery(&self, kind: u8, channel: u64, payload: Value, component_message: Option<u64>) {
        let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
        let token = payload["token"].as_str().unwrap().to_string();
        lock(&self.inner).deliveries.push(Delivery {
            id,
            token,
            kind,
            channel_id: channel,
            sent_at: Instant::now(),
            ack: None,
            refused_acks: 0,
            choices: None,
            responses: Vec::new(),
            original_deleted: false,
            original_edited: false,
            component_message,
            payload,
        });
    }

    fn ids(&self) -> (u64, String) {
        let id = lock(&self.inner).id();
        (id, format!("tok-{id}"))
    }

    async fn dispatch(&self, t: &str, d: Value) {
        let tx = self
            .wait_until("a gateway session", Duration::from_secs(20), |f| {
                lock(&f.inner).gateway.clone()
            })
            .await;
        let frame = {
            let mut s = lock(&self.inner);
            s.seq += 1;
            json!({"op": 0, "s": s.seq, "t": t, "d": d}).to_string()
        };
        tx.send(frame).expect("gateway session open");
    }

    /// A slash command: `path` is the command and subcommand names (`["labscape", "new"]`),
    /// `options` its options as Discord sends them. Returns the interaction token.
    pub async fn slash(&self, user: &User, channel: u64, path: &[&str], options: Value) -> String {
        let (id, token) = self.ids();
        let mut payload = self.base(2, user, channel, id, &token);
        payload["data"] = command_data(path, options);
        self.new_delivery(2, channel, payload.clone(), None);
        self.dispatch("INTERACTION_CREATE", payload).await;
        token
    }

    /// A slash command from a user whose Discord client is in `locale` (`pt-BR`).
    pub async fn slash_in(
        &self,
        locale: &str,
        user: &User,
        channel: u64,
        path: &[&str],
        options: Value,
    ) -> String {
        let (id, token) = self.ids();
        let mut payload = self.base(2, user, channel, id, &token);
        payload["data"] = command_data(path, options);
        payload["locale"] = json!(locale);
        self.new_delivery(2, channel, payload.clone(), None);
        self.dispatch("INTERACTION_CREATE", payload).await;
        token
    }

    /// Autocomplete for the focused option of a slash command; returns the choices.
    pub async fn autocomplete(
        &self,
        user: &User,
        channel: u64,
        path: &[&str],
        options: Value,
    ) -> Vec<(String, String)> {
        let (id, token) = self.ids();
        let mut payload = self.base(4, user, channel, id, &token);
        payload["data"] = command_data(path, options);
        self.new_delivery(4, channel, payload.clone(), None);
        self.dispatch("INTERACTION_CREATE", payload).await;
        self.wait_until("autocomplete choices", Duration::from_secs(10), |f| {
            lock(&f.inner)
                .delivery(&token)
                .and_then(|d| d.choices.clone())
        })
        .await
    }

    /// A click on the button `custom_id` of message `msg`. Returns the token.
    pub async fn click(&self, user: &User, msg: &Msg, custom_id: &str) -> String {
        let (id, token) = self.ids();
        let mut payload = self.base(3, user, msg.channel_id, id, &token);
        payload["data"] = json!({"custom_id": custom_id, "component_type": 2});
        payload["message"] = msg.to_json();
        self.new_delivery(3, msg.channel_id, payload.clone(), Some(msg.id));
        self.dispatch("INTERACTION_CREATE", payload).await;
        token
    }

    /// Delivers the interaction of `token` again, exactly as before (same id and token),
    /// as a gateway may after a reconnect.
    pub async fn redeliver(&self, token: &str) {
        let payload = lock(&self.inner).delivery(token).unwrap().payload.clone();
        self.dispatch("INTERACTION_CREATE", payload).await;
    }

    /// Delivers the interaction of `token` again with the same id but a fresh token, so the
    /// bot can acknowledge it and only its own bookkeeping can tell it is a repeat.
    pub async fn redeliver_with_new_token(&self, token: &str) -> String {
        let (_, new_token) = self.ids();
        let (mut payload, kind, channel, msg) = {
            let mut s = lock(&self.inner);
            let d = s.delivery(token).unwrap();
            (d.payload.clone(), d.kind, d.channel_id, d.component_message)
        };
        payload["token"] = json!(new_token);
        self.new_delivery(kind, channel, payload.clone(), msg);
        self.dispatch("INTERACTION_CREATE", payload).await;
        new_token
    }

    /// Waits until the bot has answered the interaction of `token`: an ephemeral message,
    /// or the placeholder removed (slash) / the buttons' message edited (click) after a
    /// public post.
    pub async fn answer(&self, token: &str) -> Answer {
        self.wait_until("an answer", Duration::from_secs(15), |f| {
            let s = lock(&f.inner);
            let d = s.deliveries.iter().rev().find(|d| d.token == token)?;
            let ephemeral: Vec<Msg> = d
                .responses
                .iter()
                .filter_map(|id| s.messages.iter().find(|m| m.id == *id))
                .filter(|m| m.ephemeral() && !m.content.is_empty())
                .cloned()
                .collect();
            if !ephemeral.is_empty() {
                return Some(Answer {
                    delivery: d.clone(),
                    private: ephemeral,
                });
            }
            (d.original_deleted || (d.kind == 3 && d.original_edited)).then(|| Answer {
                delivery: d.clone(),
                private: Vec::new(),
            })
        })
        .await
    }
}

/// How the bot answered one interaction.
#[derive(Clone, Debug)]
pub struct Answer {
    pub delivery: Delivery,
    /// Ephemeral messages (empty for a public answer).
    pub private: Vec<Msg>,
}

impl Answer {
    pub fn is_private(&self) -> bool {
        !self.private.is_empty()
    }
    pub fn private_text(&self) -> String {
        assert!(self.is_private(), "expected an ephemeral answer");
        self.private
            .iter()
            .map(|m| m.content.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn command_data(path: &[&str], options: Value) -> Value {
    let mut options = options;
    for name in path.iter().skip(1).rev() {
        options = json!([{"name": name, "type": 1, "options": options}]);
    }
    json!({"id": "7001", "name": path[0], "type": 1, "options": options,
           "guild_id": GUILD_ID.to_string()})
}

// ---------------------------------------------------------------------------------------
// Gateway

async fn gateway_session(inner: Shared, stream: tokio::net::TcpStream) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(WsMessage::Text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.send(json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string());
    while let Some(Ok(frame)) = source.next().await {
        let text = match frame {
            WsMessage::Text(t) => t,
            WsMessage::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v["op"].as_u64() {
            Some(1) => {
                let _ = tx.send(json!({"op": 11}).to_string());
            }
            Some(2) => {
                let mut s = lock(&inner);
                s.identifies += 1;
                s.shards.push(v["d"]["shard"].clone());
                s.seq += 1;
                let ready = json!({"op": 0, "s": s.seq, "t": "READY", "d": {
                    "v": 10,
                    "user": {"id": BOT_ID.to_string(), "username": "labscape", "discriminator": "0000",
                             "global_name": null, "avatar": null, "bot": true},
                    "guilds": [], "session_id": format!("session-{}", s.identifies),
                    "resume_gateway_url": s.ws_url,
                    "application": {"id": APP_ID.to_string(), "flags": 0},
                }});
                let _ = tx.send(ready.to_string());
                s.gateway = Some(tx.clone());
            }
            Some(6) => {
                // No resuming here: the client identifies again.
                let _ = tx.send(json!({"op": 9, "d": false}).to_string());
            }
            _ => {}
        }
    }
    {
        let mut s = lock(&inner);
        if s.gateway.as_ref().is_some_and(|g| g.same_channel(&tx)) {
            s.gateway = None;
        }
    }
    drop(tx);
    let _ = writer.await;
}

// ---------------------------------------------------------------------------------------
// REST

fn json_response(status: StatusCode, v: Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    json_response(status, json!({"code": code, "message": message}))
}

/// A request body: JSON, or multipart with `payload_json` and `files[n]`.
struct Body {
    json: Value,
    files: Vec<(String, Vec<u8>)>,
}

async fn read_body(state: &Shared, req: Request) -> Result<Body, String> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if multipart {
        let mut mp = Multipart::from_request(req, state)
            .await
            .map_err(|e| e.to_string())?;
        let mut body = Body {
            json: Value::Null,
            files: Vec::new(),
        };
        while let Some(field) = mp.next_field().await.map_err(|e| e.to_string())? {
            let name = field.name().unwrap_or_default().to_string();
            let file_name = field.file_name().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| e.to_string())?;
            if name == "payload_json" {
                body.json = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
            } else if name.starts_with("files[") {
                body.files
                    .push((file_name.unwrap_or_else(|| name.clone()), bytes.to_vec()));
            }
        }
        Ok(body)
    } else {
        let bytes: Bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .map_err(|e| e.to_string())?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())?
        };
        Ok(Body {
            json,
            files: Vec::new(),
        })
    }
}

/// Checks Discord's limits on a message body; returns the breaches.
fn check_message(data: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = data["content"].as_str()
        && c.chars().count() > 2000
    {
        out.push(format!("content of {} characters", c.chars().count()));
    }
    if let Some(rows) = data["components"].as_array() {
        if rows.len() > 5 {
            out.push(format!("{} action rows", rows.len()));
        }
        for row in rows {
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            if buttons.len() > 5 {
                out.push(format!("{} buttons in a row", buttons.len()));
            }
            for b in buttons {
                let id = b["custom_id"].as_str().unwrap_or_default();
                if id.is_empty() || id.len() > 100 {
                    out.push(format!("custom id “{id}”"));
                }
            }
        }
    }
    out
}

fn record_message(
    s: &mut Inner,
    channel_id: u64,
    data: &Value,
    files: Vec<(String, Vec<u8>)>,
    flags: u64,
) -> Msg {
    let breaches = check_message(data);
    s.violations.extend(breaches);
    let id = s.id();
    let msg = Msg {
        id,
        channel_id,
        content: data["content"].as_str().unwrap_or_default().to_string(),
        flags,
        attachments: files,
        components: data
            .get("components")
            .cloned()
            .filter(|c| !c.is_null())
            .unwrap_or_else(|| json!([])),
        allowed_mentions: data.get("allowed_mentions").cloned().unwrap_or(Value::Null),
        deleted: false,
    };
    s.messages.push(msg.clone());
    msg
}

fn flags_of(data: &Value) -> u64 {
    data["flags"].as_u64().unwrap_or(0)
}

async fn rest_handler(State(state): State<Shared>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    lock(&state).requests.push(format!("{method} {path}"));
    let body = match read_body(&state, req).await {
        Ok(b) => b,
        Err(e) => {
            lock(&state)
                .violations
                .push(format!("{method} {path}: unreadable body: {e}"));
            return discord_error(StatusCode::BAD_REQUEST, 50109, "invalid body");
        }
    };
    let seg: Vec<&str> = path
        .trim_start_matches("/api/v10/")
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    let mut s = lock(&state);
    match (&method, seg.as_slice()) {
        (&Method::GET, ["gateway"]) => json_response(StatusCode::OK, json!({"url": s.ws_url})),
        (&Method::GET, ["gateway", "bot"]) => json_response(
            StatusCode::OK,
            json!({"url": s.ws_url, "shards": 1, "session_start_limit":
                   {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        (&Method::PUT, ["applications", _, "commands"])
        | (&Method::PUT, ["applications", _, "guilds", _, "commands"]) => {
            s.registrations.push(body.json);
            json_response(StatusCode::OK, json!([]))
        }
        (&Method::POST, ["interactions", id, token, "callback"]) => {
            callback(&mut s, id, token, body)
        }
        (&Method::POST, ["webhooks", _, token]) => {
            let token = token.to_string();
            let Some(d) = s.delivery(&token) else {
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            let Some((kind, ack_flags, _)) = d.ack else {
                s.violations
                    .push(format!("follow-up before acknowledging {token}"));
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            // The first follow-up after a deferred response replaces the placeholder and
            // keeps the defer's visibility.
            let replaces_placeholder = kind == 5 && d.responses.is_empty();
            let channel = d.channel_id;
            let flags = if replaces_placeholder {
                ack_flags
            } else {
                flags_of(&body.json)
            };
            let msg = record_message(&mut s, channel, &body.json, body.files, flags);
            s.delivery(&token).unwrap().responses.push(msg.id);
            json_response(StatusCode::OK, msg.to_json())
        }
        (&Method::PATCH, ["webhooks", _, token, "messages", "@original"]) => {
            let token = token.to_string();
            let Some(d) = s.delivery(&token) else {
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            d.original_edited = true;
            let target = d.component_message.or_else(|| d.responses.first().copied());
            let Some(target) = target else {
                return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            };
            let m = s.messages.iter_mut().find(|m| m.id == target).unwrap();
            if let Some(c) = body.json.get("content").and_then(Value::as_str) {
                m.content = c.to_string();
            }
            if let Some(c) = body.json.get("components") {
                m.components = c.clone();
            }
            let m = m.clone();
            json_response(StatusCode::OK, m.to_json())
        }
        (&Method::DELETE, ["webhooks", _, token, "messages", "@original"]) => {
            let token = token.to_string();
            let Some(d) = s.delivery(&token) else {
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            d.original_deleted = true;
            let first = d.responses.first().copied();
            if let Some(first) = first
                && let Some(m) = s.messages.iter_mut().find(|m| m.id == first)
            {
                m.deleted = true;
            }
            StatusCode::NO_CONTENT.into_response()
        }
        (&Method::POST, ["channels", c, "messages"]) => {
            let Ok(c) = c.parse::<u64>() else {
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            if s.channels.get(&c).is_none_or(|ch| ch.deleted) {
                s.violations.push(format!("message to unknown channel {c}"));
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            }
            let flags = flags_of(&body.json);
            let msg = record_message(&mut s, c, &body.json, body.files, flags);
            json_response(StatusCode::OK, msg.to_json())
        }
        (&Method::POST, ["channels", c, "threads"]) => {
            let Ok(parent) = c.parse::<u64>() else {
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            let id = s.id();
            let ch = Channel {
                id,
                name: body.json["name"].as_str().unwrap_or_default().to_string(),
                kind: body.json["type"].as_u64().unwrap_or(12) as u8,
                parent: Some(parent),
                deleted: false,
            };
            s.channels.insert(id, ch.clone());
            json_response(StatusCode::CREATED, channel_json(&ch))
        }
        (&Method::PATCH, ["channels", c]) => {
            let Some(ch) = c.parse::<u64>().ok().and_then(|c| s.channels.get_mut(&c)) else {
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            if let Some(name) = body.json["name"].as_str() {
                ch.name = name.to_string();
            }
            let ch = ch.clone();
            json_response(StatusCode::OK, channel_json(&ch))
        }
        (&Method::DELETE, ["channels", c]) => {
            let Some(ch) = c.parse::<u64>().ok().and_then(|c| s.channels.get_mut(&c)) else {
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            ch.deleted = true;
            let ch = ch.clone();
            json_response(StatusCode::OK, channel_json(&ch))
        }
        _ => {
            s.violations
                .push(format!("unexpected request {method} {path}"));
            discord_error(StatusCode::NOT_FOUND, 0, "not in the fake")
        }
    }
}

fn channel_json(c: &Channel) -> Value {
    json!({"id": c.id.to_string(), "type": c.kind, "name": c.name, "guild_id": GUILD_ID.to_string(),
           "parent_id": c.parent.map(|p| p.to_string())})
}

fn callback(s: &mut Inner, id: &str, token: &str, body: Body) -> Response {
    let Some(d) = s.delivery(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if d.id.to_string() != id {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let delay = d.sent_at.elapsed();
    // A repeated delivery shares its id and token with the first: Discord takes one
    // acknowledgement per interaction.
    let already = s
        .deliveries
        .iter()
        .any(|o| o.token == token && o.ack.is_some());
    let d = s.delivery(token).unwrap();
    if already {
        d.refused_acks += 1;
        return discord_error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    if delay > ACK_WITHIN {
        d.refused_acks += 1;
        s.violations
            .push(format!("interaction {id} acknowledged after {delay:?}"));
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let kind = body.json["type"].as_u64().unwrap_or(0) as u8;
    let data = body.json["data"].clone();
    let flags = flags_of(&data);
    d.ack = Some((kind, flags, delay));
    let channel = d.channel_id;
    match kind {
        8 => {
            let choices: Vec<(String, String)> = data["choices"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(|c| {
                    let v = match &c["value"] {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (c["name"].as_str().unwrap_or_default().to_string(), v)
                })
                .collect();
            if choices.len() > 25 {
                s.violations
                    .push(format!("{} autocomplete choices", choices.len()));
            }
            s.delivery(token).unwrap().choices = Some(choices);
        }
        4 => {
            let msg = record_message(s, channel, &data, body.files, flags);
            s.delivery(token).unwrap().responses.push(msg.id);
        }
        5 | 6 => {}
        other => s
            .violations
            .push(format!("unexpected callback type {other}")),
    }
    StatusCode::NO_CONTENT.into_response()
}
