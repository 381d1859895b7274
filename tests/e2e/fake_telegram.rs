//! A fake Telegram Bot API on 127.0.0.1, strict where Telegram is strict.
//!
//! It serves `/bot<token>/<Method>` (method names case-insensitive, as Telegram's are)
//! for the methods a long-polling bot uses: `getMe`, `getWebhookInfo`, `getUpdates` (long
//! poll, offsets confirm updates), `setMyCommands`, `sendMessage`, `sendPhoto`,
//! `sendDocument` and `sendAnimation` (multipart with `attach://` parts), `answerCallbackQuery`,
//! `editMessageReplyMarkup`, `getChatMember`. It parses HTML parse mode into text and
//! entities like Telegram does (so a broken tag is a 400, and `tg://user?id=` links
//! become `text_mention` entities), enforces the caption, text, alert and callback-data
//! limits, and records every call for the tests to inspect.
//!
//! Like Telegram, it can deliver by webhook instead: once the bot calls `setWebhook`, every
//! update is POSTed to that URL with the `X-Telegram-Bot-Api-Secret-Token` header, in
//! order, again and again until it is answered 200; `getUpdates` is then refused (409).

use std::{
    collections::{HashMap, HashSet},
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    Router,
    extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State},
    http::{StatusCode, header::CONTENT_TYPE},
    response::{IntoResponse, Response},
    routing::post,
};
use serde_json::{Map, Value, json};
use tokio::sync::Notify;

/// The bot's own user id and username.
pub const BOT_ID: i64 = 777_000;
pub const BOT_USERNAME: &str = "labscape_test_bot";
/// Longest a `getUpdates` long poll is held, whatever the bot asks.
const MAX_HOLD: Duration = Duration::from_millis(500);

/// A Telegram user as the fake sends it.
#[derive(Clone, Debug)]
pub struct TgUser {
    pub id: i64,
    pub first_name: String,
    /// Their Telegram app's language (`language_code`), if it says.
    pub language_code: Option<String>,
}

impl TgUser {
    pub fn new(id: i64, first_name: &str) -> TgUser {
        TgUser {
            id,
            first_name: first_name.into(),
            language_code: None,
        }
    }
    /// The same user with their app in `code` (`pt-br`, `en`).
    pub fn speaking(self, code: &str) -> TgUser {
        TgUser {
            language_code: Some(code.into()),
            ..self
        }
    }
    pub fn json(&self) -> Value {
        let mut v = json!({"id": self.id, "is_bot": false, "first_name": self.first_name});
        if let Some(code) = &self.language_code {
            v["language_code"] = json!(code);
        }
        v
    }
}

/// A file uploaded in a multipart request.
#[derive(Clone, Debug)]
pub struct Upload {
    pub file_name: Option<String>,
    pub bytes: Vec<u8>,
}

/// One Bot API call the bot made (except `getUpdates`).
#[derive(Clone, Debug)]
pub struct Call {
    /// Lower-case method name (`sendphoto`).
    pub method: String,
    /// Parameters; nested objects given as JSON strings in multipart are parsed.
    pub params: Map<String, Value>,
    /// Uploaded files by parameter name (`photo`, `document`, `animation`).
    pub files: HashMap<String, Upload>,
    /// What the fake answered (`result`), or the error description.
    pub result: Result<Value, String>,
    pub at: Instant,
}

impl Call {
    pub fn ok(&self) -> bool {
        self.result.is_ok()
    }
    pub fn chat_id(&self) -> Option<i64> {
        self.params.get("chat_id").and_then(as_i64)
    }
    pub fn thread_id(&self) -> Option<i64> {
        self.params.get("message_thread_id").and_then(as_i64)
    }
    /// The sent message (the result of a send method).
    pub fn message(&self) -> Option<&Value> {
        self.result.as_ref().ok().filter(|v| v.is_object())
    }
    /// The visible text or caption, after HTML parsing.
    pub fn text(&self) -> String {
        self.message()
            .and_then(|m| m.get("text").or_else(|| m.get("caption")))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }
    /// Entities of the text or caption.
    pub fn entities(&self) -> Vec<Value> {
        self.message()
            .and_then(|m| m.get("entities").or_else(|| m.get("caption_entities")))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    }
    /// User ids of the `text_mention` entities.
    pub fn mentioned(&self) -> Vec<i64> {
        self.entities()
            .iter()
            .filter(|e| e["type"] == "text_mention")
            .filter_map(|e| e["user"]["id"].as_i64())
            .collect()
    }
    /// The inline keyboard: rows of (label, callback data).
    pub fn keyboard(&self) -> Vec<Vec<(String, String)>> {
        keyboard_of(self.params.get("reply_markup"))
    }
    /// The id of the message this one replies to.
    pub fn reply_to(&self) -> Option<i64> {
        self.params
            .get("reply_parameters")
            .and_then(|r| r.get("message_id"))
            .and_then(as_i64)
    }
    /// The uploaded image (photo or document).
    pub fn image(&self) -> Option<&Upload> {
        self.files
            .get("photo")
            .or_else(|| self.files.get("document"))
    }
}

/// Rows of (label, callback data) of a `reply_markup`.
pub fn keyboard_of(markup: Option<&Value>) -> Vec<Vec<(String, String)>> {
    let Some(rows) = markup
        .and_then(|m| m.get("inline_keyboard"))
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    rows.iter()
        .map(|row| {
            row.as_array()
                .into_iter()
                .flatten()
                .map(|b| {
                    (
                        b["text"].as_str().unwrap_or_default().to_string(),
                        b["callback_data"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .collect()
}

fn as_i64(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

struct Pending {
    update: Value,
    /// A deliberate redelivery: served even below the confirmed offset.
    forced: bool,
}

#[derive(Default)]
struct Inner {
    pending: Vec<Pending>,
    next_update_id: i64,
    next_message_id: i64,
    calls: Vec<Call>,
    chats: HashMap<i64, Value>,
    admins: HashSet<(i64, i64)>,
    /// Messages the bot sent, by (chat, message id).
    messages: HashMap<(i64, i64), Value>,
    confirmed: i64,
    polls: usize,
    /// The webhook set by the bot: (URL, secret).
    webhook: Option<(String, Option<String>)>,
    /// Updates delivered by webhook (answered 200).
    delivered: usize,
    /// Webhook deliveries that were refused or failed (and are tried again).
    failed_deliveries: usize,
}

struct FakeState {
    inner: Mutex<Inner>,
    updates: Notify,
    /// Wakes the webhook delivery.
    deliver: Notify,
}

/// The running fake.
pub struct FakeTelegram {
    pub addr: SocketAddr,
    state: Arc<FakeState>,
    server: tokio::task::JoinHandle<()>,
    delivery: tokio::task::JoinHandle<()>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.server.abort();
        self.delivery.abort();
    }
}

impl FakeTelegram {
    pub async fn start() -> FakeTelegram {
        let state = Arc::new(FakeState {
            inner: Mutex::new(Inner {
                next_update_id: 1,
                next_message_id: 1000,
                ..Inner::default()
            }),
            updates: Notify::new(),
            deliver: Notify::new(),
        });
        let app = Router::new()
            .route("/{bot}/{method}", post(api))
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1");
        let addr = listener.local_addr().expect("local addr");
        let server = tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Telegram serves");
        });
        let delivery = tokio::spawn(deliver_by_webhook(state.clone()));
        FakeTelegram {
            addr,
            state,
            server,
            delivery,
        }
    }

    /// The base URL for `LABSCAPE_TELEGRAM_API_URL`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.state.inner.lock().expect("fake state")
    }

    /// Registers a private chat with `user`.
    pub fn private_chat(&self, user: &TgUser) -> i64 {
        self.inner().chats.insert(
            user.id,
            json!({"id": user.id, "type": "private", "first_name": user.first_name}),
        );
        user.id
    }

    /// Registers a supergroup (a forum when `forum`).
    pub fn group(&self, id: i64, title: &str, forum: bool) -> i64 {
        let mut chat = json!({"id": id, "type": "supergroup", "title": title});
        if forum {
            chat["is_forum"] = json!(true);
        }
        self.inner().chats.insert(id, chat);
        id
    }

    pub fn make_admin(&self, chat: i64, user: &TgUser) {
        self.inner().admins.insert((chat, user.id));
    }

    fn push(&self, update: Value, forced: bool) {
        self.inner().pending.push(Pending { update, forced });
        self.state.updates.notify_one();
        self.state.deliver.notify_one();
    }

    /// A user writes `text` in `chat` (in forum topic `thread`); returns the update.
    pub fn say(&self, chat: i64, thread: Option<i64>, user: &TgUser, text: &str) -> Value {
        self.post(chat, thread, user.json(), false, text)
    }

    /// An anonymous admin of `chat` writes `text` there: Telegram sends it from the chat
    /// itself (`sender_chat`), signed by its stand-in bot `GroupAnonymousBot`.
    pub fn say_anonymously(&self, chat: i64, thread: Option<i64>, text: &str) -> Value {
        let stand_in = json!({
            "id": 1_087_968_824_i64, "is_bot": true, "first_name": "Group",
            "username": "GroupAnonymousBot",
        });
        self.post(chat, thread, stand_in, true, text)
    }

    fn post(
        &self,
        chat: i64,
        thread: Option<i64>,
        from: Value,
        from_chat: bool,
        text: &str,
    ) -> Value {
        let update = {
            let mut s = self.inner();
            let chat_json = s.chats.get(&chat).cloned().expect("registered chat");
            let update_id = s.next_update_id;
            s.next_update_id += 1;
            let message_id = s.next_message_id;
            s.next_message_id += 1;
            let mut msg = json!({
                "message_id": message_id,
                "date": 1_700_000_000,
                "chat": chat_json,
                "from": from,
                "text": text,
            });
            if from_chat {
                msg["sender_chat"] = msg["chat"].clone();
            }
            if text.starts_with('/') {
                let len = text
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .encode_utf16()
                    .count();
                msg["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
            }
            if let Some(t) = thread {
                msg["message_thread_id"] = json!(t);
                msg["is_topic_message"] = json!(true);
            }
            json!({"update_id": update_id, "message": msg})
        };
        self.push(update.clone(), false);
        update
    }

    /// A user presses the button with callback `data` under the bot's message `message`.
    pub fn press(&self, user: &TgUser, message: &Value, data: &str) -> Value {
        let update = {
            let mut s = self.inner();
            let update_id = s.next_update_id;
            s.next_update_id += 1;
            json!({"update_id": update_id, "callback_query": {
                "id": format!("cbq-{update_id}"),
                "from": user.json(),
                "message": message,
                "chat_instance": "ci-1",
                "data": data,
            }})
        };
        self.push(update.clone(), false);
        update
    }

    /// Telegram delivers an update again (as after a lost confirmation).
    pub fn redeliver(&self, update: &Value) {
        self.push(update.clone(), true);
    }

    /// Every call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.inner().calls.clone()
    }

    pub fn call_count(&self) -> usize {
        self.inner().calls.len()
    }

    /// The highest update id the bot confirmed (offset − 1).
    pub fn confirmed(&self) -> i64 {
        self.inner().confirmed
    }

    /// The webhook the bot set (URL and secret), if any.
    pub fn webhook(&self) -> Option<(String, Option<String>)> {
        self.inner().webhook.clone()
    }

    /// Updates delivered by webhook, and deliveries refused or failed.
    pub fn deliveries(&self) -> (usize, usize) {
        let s = self.inner();
        (s.delivered, s.failed_deliveries)
    }

    /// How many `getUpdates` calls arrived.
    pub fn polls(&self) -> usize {
        self.inner().polls
    }

    /// The current version of a message the bot sent (keyboards change with edits).
    pub fn message(&self, chat: i64, id: i64) -> Option<Value> {
        self.inner().messages.get(&(chat, id)).cloned()
    }

    /// Waits for calls after index `from` until `done` says the list is complete; returns
    /// the new calls. Panics after `timeout`.
    pub async fn wait_calls(
        &self,
        from: usize,
        timeout: Duration,
        done: impl Fn(&[Call]) -> bool,
    ) -> Vec<Call> {
        let deadline = Instant::now() + timeout;
        loop {
            let new: Vec<Call> = self.inner().calls[from..].to_vec();
            if done(&new) {
                return new;
            }
            if Instant::now() > deadline {
                panic!(
                    "timed out waiting for the bot; calls so far: {:#?}",
                    new.iter()
                        .map(|c| (&c.method, c.text(), &c.result))
                        .collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

fn ok(result: Value) -> Response {
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

fn err(code: u16, description: &str) -> Response {
    (
        StatusCode::from_u16(code).expect("status"),
        axum::Json(json!({"ok": false, "error_code": code, "description": description})),
    )
        .into_response()
}

/// Parameters sent as JSON strings inside multipart forms.
const JSON_PARAMS: [&str; 4] = [
    "reply_markup",
    "reply_parameters",
    "caption_entities",
    "link_preview_options",
];

async fn api(
    State(state): State<Arc<FakeState>>,
    Path((bot, method)): Path<(String, String)>,
    req: Request,
) -> Response {
    if !bot.starts_with("bot") || bot.len() < 5 {
        return err(404, "Not Found");
    }
    let method = method.to_ascii_lowercase();
    let multipart = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let mut params = Map::new();
    let mut parts: HashMap<String, Upload> = HashMap::new();
    if multipart {
        let Ok(mut form) = Multipart::from_request(req, &()).await else {
            return err(400, "Bad Request: invalid multipart");
        };
        loop {
            let field = match form.next_field().await {
                Ok(Some(field)) => field,
                Ok(None) => break,
                Err(e) => return err(400, &format!("Bad Request: invalid multipart: {e}")),
            };
            let name = field.name().unwrap_or_default().to_string();
            let file_name = field.file_name().map(str::to_string);
            let Ok(bytes) = field.bytes().await else {
                return err(400, "Bad Request: invalid multipart part");
            };
            if file_name.is_some() {
                parts.insert(
                    name,
                    Upload {
                        file_name,
                        bytes: bytes.to_vec(),
                    },
                );
            } else {
                let text = String::from_utf8_lossy(&bytes).to_string();
                let value = if JSON_PARAMS.contains(&name.as_str()) {
                    serde_json::from_str(&text).unwrap_or(Value::String(text))
                } else {
                    Value::String(text)
                };
                params.insert(name, value);
            }
        }
    } else {
        let Ok(body) = axum::body::to_bytes(req.into_body(), 1 << 20).await else {
            return err(400, "Bad Request: body");
        };
        if !body.is_empty() {
            match serde_json::from_slice::<Value>(&body) {
                Ok(Value::Object(m)) => params = m,
                _ => return err(400, "Bad Request: body is not a JSON object"),
            }
        }
    }

    if method == "getupdates" {
        if state.inner.lock().expect("fake state").webhook.is_some() {
            return err(
                409,
                "Conflict: can't use getUpdates method while webhook is active; use \
                 deleteWebhook to delete the webhook first",
            );
        }
        return get_updates(&state, &params).await;
    }

    // Resolve `attach://name` file parameters.
    let mut files = HashMap::new();
    for key in ["photo", "document", "animation"] {
        if let Some(v) = params.get(key).and_then(Value::as_str) {
            match v.strip_prefix("attach://").and_then(|n| parts.get(n)) {
                Some(up) => {
                    files.insert(key.to_string(), up.clone());
                }
                None => return err(400, "Bad Request: wrong file identifier/HTTP URL specified"),
            }
        }
    }

    let result = {
        let mut s = state.inner.lock().expect("fake state");
        handle(&mut s, &method, &params, &files)
    };
    let response = match &result {
        Ok(v) => ok(v.clone()),
        Err((code, d)) => err(*code, d),
    };
    let mut s = state.inner.lock().expect("fake state");
    s.calls.push(Call {
        method,
        params,
        files,
        result: result.map_err(|(_, d)| d),
        at: Instant::now(),
    });
    response
}

async fn get_updates(state: &FakeState, params: &Map<String, Value>) -> Response {
    let offset = params.get("offset").and_then(as_i64).unwrap_or(0);
    let hold = params
        .get("timeout")
        .and_then(as_i64)
        .map(|t| Duration::from_secs(t.max(0) as u64))
        .unwrap_or_default()
        .min(MAX_HOLD);
    let limit = params.get("limit").and_then(as_i64).unwrap_or(100).max(1) as usize;
    let take = || {
        let mut s = state.inner.lock().expect("fake state");
        s.polls += 1;
        if offset > 0 {
            s.confirmed = s.confirmed.max(offset - 1);
        }
        s.pending
            .retain(|p| p.forced || p.update["update_id"].as_i64().unwrap_or(0) >= offset);
        let batch: Vec<Value> = s
            .pending
            .iter()
            .take(limit)
            .map(|p| p.update.clone())
            .collect();
        // Forced redeliveries are served once.
        let mut served = 0;
        s.pending.retain(|p| {
            if p.forced && served < limit {
                served += 1;
                false
            } else {
                true
            }
        });
        batch
    };
    let mut batch = take();
    if batch.is_empty() && !hold.is_zero() {
        let _ = tokio::time::timeout(hold, state.updates.notified()).await;
        let mut s = state.inner.lock().expect("fake state");
        s.polls -= 1; // one long poll, counted once
        drop(s);
        batch = take();
    }
    ok(Value::Array(batch))
}

/// Posts pending updates to the webhook, oldest first, each until it is answered 200.
async fn deliver_by_webhook(state: Arc<FakeState>) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("an HTTP client");
    loop {
        let next = {
            let s = state.inner.lock().expect("fake state");
            match (&s.webhook, s.pending.first()) {
                (Some((url, secret)), Some(p)) => {
                    Some((url.clone(), secret.clone(), p.update.clone()))
                }
                _ => None,
            }
        };
        let Some((url, secret, update)) = next else {
            let _ = tokio::time::timeout(Duration::from_millis(50), state.deliver.notified()).await;
            continue;
        };
        let mut request = client.post(&url).json(&update);
        if let Some(secret) = &secret {
            request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
        }
        let answered = request
            .send()
            .await
            .is_ok_and(|r| r.status() == reqwest::StatusCode::OK);
        if answered {
            let mut s = state.inner.lock().expect("fake state");
            if let Some(i) = s.pending.iter().position(|p| p.update == update) {
                s.pending.remove(i);
            }
            s.delivered += 1;
            let id = update["update_id"].as_i64().unwrap_or(0);
            s.confirmed = s.confirmed.max(id);
        } else {
            state.inner.lock().expect("fake state").failed_deliveries += 1;
            // Telegram waits before trying again.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

type Outcome = Result<Value, (u16, String)>;

fn bad(d: impl Into<String>) -> Outcome {
    Err((400, format!("Bad Request: {}", d.into())))
}

fn handle(
    s: &mut Inner,
    method: &str,
    p: &Map<String, Value>,
    files: &HashMap<String, Upload>,
) -> Outcome {
    match method {
        "getme" => Ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Labscape", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "can_connect_to_business": false,
            "has_main_web_app": false
        })),
        "getwebhookinfo" => {
            let url = s.webhook.as_ref().map_or("", |(u, _)| u.as_str());
            Ok(
                json!({"url": url, "has_custom_certificate": false, "pending_update_count": s.pending.len()}),
            )
        }
        "deletewebhook" => {
            s.webhook = None;
            Ok(json!(true))
        }
        "setwebhook" => {
            let Some(url) = p.get("url").and_then(Value::as_str) else {
                return bad("url is empty");
            };
            if !url.starts_with("http://") && !url.starts_with("https://") {
                return bad("bad webhook: An HTTPS URL must be provided for webhook");
            }
            let secret = p
                .get("secret_token")
                .and_then(Value::as_str)
                .map(str::to_string);
            if let Some(secret) = &secret
                && (secret.is_empty()
                    || secret.len() > 256
                    || !secret
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
            {
                return bad("secret token contains unallowed characters");
            }
            s.webhook = Some((url.to_string(), secret));
            Ok(json!(true))
        }
        "setmycommands" => {
            let Some(cmds) = p.get("commands").and_then(Value::as_array) else {
                return bad("commands are missing");
            };
            if cmds.is_empty() || cmds.len() > 100 {
                return bad("BOT_COMMANDS_TOO_MUCH");
            }
            for c in cmds {
                let name = c["command"].as_str().unwrap_or_default();
                let name = name.strip_prefix('/').unwrap_or(name);
                let desc = c["description"].as_str().unwrap_or_default();
                let valid = (1..=32).contains(&name.len())
                    && name
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
                if !valid {
                    return bad("BOT_COMMAND_INVALID");
                }
                if !(1..=256).contains(&desc.chars().count()) {
                    return bad("BOT_COMMAND_DESCRIPTION_INVALID");
                }
            }
            Ok(json!(true))
        }
        "getchatmember" => {
            let chat = p.get("chat_id").and_then(as_i64).unwrap_or(0);
            let user = p.get("user_id").and_then(as_i64).unwrap_or(0);
            if !s.chats.contains_key(&chat) {
                return bad("chat not found");
            }
            let u = json!({"id": user, "is_bot": false, "first_name": format!("user{user}")});
            if s.admins.contains(&(chat, user)) {
                Ok(json!({"user": u, "status": "creator", "is_anonymous": false}))
            } else {
                Ok(json!({"user": u, "status": "member"}))
            }
        }
        "sendmessage" | "sendphoto" | "senddocument" | "sendanimation" => send(s, method, p, files),
        "answercallbackquery" => {
            if p.get("callback_query_id").and_then(Value::as_str).is_none() {
                return bad("QUERY_ID_INVALID");
            }
            let text = p.get("text").and_then(Value::as_str).unwrap_or_default();
            if text.chars().count() > 200 {
                return bad("MESSAGE_TOO_LONG");
            }
            Ok(json!(true))
        }
        "editmessagereplymarkup" => {
            let chat = p.get("chat_id").and_then(as_i64).unwrap_or(0);
            let id = p.get("message_id").and_then(as_i64).unwrap_or(0);
            let markup = p.get("reply_markup").cloned();
            if let Some(m) = &markup {
                check_markup(m)?;
            }
            let Some(msg) = s.messages.get_mut(&(chat, id)) else {
                return bad("message to edit not found");
            };
            let old = msg.get("reply_markup").cloned();
            if old == markup
                || (old.is_none()
                    && markup
                        .as_ref()
                        .is_some_and(|m| keyboard_of(Some(m)).is_empty()))
            {
                return bad(
                    "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                );
            }
            match markup {
                Some(m) if !keyboard_of(Some(&m)).is_empty() => {
                    msg["reply_markup"] = m;
                }
                _ => {
                    msg.as_object_mut()
                        .expect("message object")
                        .remove("reply_markup");
                }
            }
            Ok(msg.clone())
        }
        // A bot may delete a member's message where it is an admin: the fake lets it, in a
        // chat it knows.
        "deletemessage" => {
            let chat = p.get("chat_id").and_then(as_i64).unwrap_or(0);
            let id = p.get("message_id").and_then(as_i64).unwrap_or(0);
            if !s.chats.contains_key(&chat) || id == 0 {
                return bad("message to delete not found");
            }
            s.messages.remove(&(chat, id));
            Ok(json!(true))
        }
        _ => Err((404, "Not Found: method not found".into())),
    }
}

fn check_markup(m: &Value) -> Result<(), (u16, String)> {
    let Some(rows) = m.get("inline_keyboard").and_then(Value::as_array) else {
        return Err((
            400,
            "Bad Request: reply markup is not an inline keyboard".into(),
        ));
    };
    for row in rows {
        let Some(row) = row.as_array() else {
            return Err((400, "Bad Request: keyboard row is not an array".into()));
        };
        for b in row {
            let text = b["text"].as_str().unwrap_or_default();
            let data = b["callback_data"].as_str().unwrap_or_default();
            if text.is_empty() {
                return Err((400, "Bad Request: BUTTON_TEXT_INVALID".into()));
            }
            if data.is_empty() || data.len() > 64 {
                return Err((400, "Bad Request: BUTTON_DATA_INVALID".into()));
            }
        }
    }
    Ok(())
}

fn send(
    s: &mut Inner,
    method: &str,
    p: &Map<String, Value>,
    files: &HashMap<String, Upload>,
) -> Outcome {
    let chat_id = p.get("chat_id").and_then(as_i64).unwrap_or(0);
    let Some(chat) = s.chats.get(&chat_id).cloned() else {
        return bad("chat not found");
    };
    let (key, max) = if method == "sendmessage" {
        ("text", 4096)
    } else {
        ("caption", 1024)
    };
    let raw = p.get(key).and_then(Value::as_str).unwrap_or_default();
    let (text, entities) = if p.get("parse_mode").and_then(Value::as_str) == Some("HTML") {
        parse_html(raw).map_err(|e| (400, format!("Bad Request: can't parse entities: {e}")))?
    } else {
        (raw.to_string(), Vec::new())
    };
    let len = text.encode_utf16().count();
    if method == "sendmessage" && text.trim().is_empty() {
        return bad("message text is empty");
    }
    if len > max {
        return bad(if method == "sendmessage" {
            "message is too long"
        } else {
            "message caption is too long"
        });
    }
    if let Some(m) = p.get("reply_markup") {
        check_markup(m)?;
    }
    let thread = p.get("message_thread_id").and_then(as_i64);
    if thread.is_some() && chat.get("is_forum") != Some(&json!(true)) {
        return bad("message thread not found");
    }
    if let Some(r) = p.get("reply_parameters") {
        let id = r.get("message_id").and_then(as_i64);
        if id.is_none() {
            return bad("reply parameters without a message id");
        }
    }
    let message_id = s.next_message_id;
    s.next_message_id += 1;
    let mut msg = json!({
        "message_id": message_id,
        "date": 1_700_000_000,
        "chat": chat,
        "from": {"id": BOT_ID, "is_bot": true, "first_name": "Labscape", "username": BOT_USERNAME},
    });
    if let Some(t) = thread {
        msg["message_thread_id"] = json!(t);
        msg["is_topic_message"] = json!(true);
    }
    let ent_key = if method == "sendmessage" {
        "entities"
    } else {
        "caption_entities"
    };
    msg[key] = json!(text);
    if !entities.is_empty() {
        msg[ent_key] = Value::Array(entities);
    }
    match method {
        "sendphoto" => {
            let Some(up) = files.get("photo") else {
                return bad("there is no photo in the request");
            };
            let Some((w, h)) = png_size(&up.bytes) else {
                return bad("IMAGE_PROCESS_FAILED");
            };
            if up.bytes.len() > 10 * 1024 * 1024
                || w + h > 10_000
                || w.max(h) / w.min(h).max(1) > 20
            {
                return bad("PHOTO_INVALID_DIMENSIONS");
            }
            msg["photo"] = json!([{"file_id": format!("photo-{message_id}"),
                "file_unique_id": format!("u-{message_id}"), "width": w, "height": h,
                "file_size": up.bytes.len()}]);
        }
        "senddocument" => {
            let Some(up) = files.get("document") else {
                return bad("there is no document in the request");
            };
            msg["document"] = json!({"file_id": format!("doc-{message_id}"),
                "file_unique_id": format!("u-{message_id}"),
                "file_name": up.file_name.clone().unwrap_or_default(),
                "mime_type": mime_of(&up.bytes), "file_size": up.bytes.len()});
        }
        "sendanimation" => {
            let Some(up) = files.get("animation") else {
                return bad("there is no animation in the request");
            };
            if !up.bytes.starts_with(b"GIF89a") && !up.bytes.starts_with(b"GIF87a") {
                return bad("wrong file type for an animation");
            }
            let name = up.file_name.clone().unwrap_or_default();
            // Telegram answers an animation with both objects (the document for old clients).
            let file = json!({"file_id": format!("anim-{message_id}"),
                "file_unique_id": format!("u-{message_id}"), "file_name": name,
                "mime_type": "image/gif", "file_size": up.bytes.len()});
            msg["animation"] = file.clone();
            msg["document"] = file;
        }
        _ => {}
    }
    if let Some(m) = p.get("reply_markup")
        && !keyboard_of(Some(m)).is_empty()
    {
        msg["reply_markup"] = m.clone();
    }
    s.messages.insert((chat_id, message_id), msg.clone());
    Ok(msg)
}

fn mime_of(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(b"\x89PNG") {
        "image/png"
    } else if bytes.starts_with(b"GIF8") {
        "image/gif"
    } else if bytes.starts_with(b"{") {
        "application/json"
    } else {
        "application/octet-stream"
    }
}

fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    if png.len() < 24 || &png[..8] != b"\x89PNG\r\n\x1a\n" || &png[12..16] != b"IHDR" {
        return None;
    }
    Some((
        u32::from_be_bytes(png[16..20].try_into().ok()?),
        u32::from_be_bytes(png[20..24].try_into().ok()?),
    ))
}

/// Telegram's HTML parse mode: the supported tags and the four named entities. Returns
/// the plain text and its entities (offsets in UTF-16 code units).
pub fn parse_html(html: &str) -> Result<(String, Vec<Value>), String> {
    let mut text = String::new();
    let mut entities = Vec::new();
    let mut open: Vec<(String, usize, Option<String>)> = Vec::new();
    let mut rest = html;
    let utf16 = |s: &str| s.encode_utf16().count();
    while let Some(c) = rest.chars().next() {
        match c {
            '<' => {
                let end = rest.find('>').ok_or("unclosed start tag")?;
                let tag = &rest[1..end];
                rest = &rest[end + 1..];
                if let Some(name) = tag.strip_prefix('/') {
                    let name = name.trim().to_ascii_lowercase();
                    let (open_name, start, href) = open.pop().ok_or("unmatched end tag")?;
                    if open_name != name {
                        return Err(format!(
                            "can't find end tag corresponding to start tag {open_name}"
                        ));
                    }
                    let length = utf16(&text) - start;
                    let kind = match name.as_str() {
                        "b" | "strong" => "bold",
                        "i" | "em" => "italic",
                        "u" | "ins" => "underline",
                        "s" | "strike" | "del" => "strikethrough",
                        "code" => "code",
                        "pre" => "pre",
                        "a" => "a",
                        other => return Err(format!("unsupported end tag {other}")),
                    };
                    if length == 0 {
                        continue;
                    }
                    let entity = if kind == "a" {
                        let href = href.unwrap_or_default();
                        match href.strip_prefix("tg://user?id=") {
                            Some(id) => {
                                let id: i64 = id.parse().map_err(|_| "bad user id in a mention")?;
                                json!({"type": "text_mention", "offset": start, "length": length,
                                       "user": {"id": id, "is_bot": false, "first_name": format!("user{id}")}})
                            }
                            None => {
                                json!({"type": "text_link", "offset": start, "length": length, "url": href})
                            }
                        }
                    } else {
                        json!({"type": kind, "offset": start, "length": length})
                    };
                    entities.push(entity);
                } else {
                    let mut words = tag.splitn(2, char::is_whitespace);
                    let name = words.next().unwrap_or_default().to_ascii_lowercase();
                    let attrs = words.next().unwrap_or_default().trim();
                    let href = if name == "a" {
                        let v = attrs
                            .strip_prefix("href=\"")
                            .and_then(|r| r.strip_suffix('"'))
                            .ok_or("a tag without a quoted href")?;
                        Some(unescape(v)?)
                    } else {
                        if !attrs.is_empty() {
                            return Err(format!("unexpected attributes on {name}"));
                        }
                        None
                    };
                    if ![
                        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre",
                        "a",
                    ]
                    .contains(&name.as_str())
                    {
                        return Err(format!("unsupported start tag \"{name}\""));
                    }
                    open.push((name, utf16(&text), href));
                }
            }
            '&' => {
                let end = rest.find(';').ok_or("unterminated entity")?;
                text.push_str(&unescape(&rest[..=end])?);
                rest = &rest[end + 1..];
            }
            '>' => return Err("unescaped >".into()),
            c => {
                text.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if let Some((name, ..)) = open.pop() {
        return Err(format!(
            "can't find end tag corresponding to start tag {name}"
        ));
    }
    Ok((text, entities))
}

fn unescape(s: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let end = rest[i..].find(';').ok_or("unterminated entity")? + i;
        out.push(match &rest[i..=end] {
            "&lt;" => '<',
            "&gt;" => '>',
            "&amp;" => '&',
            "&quot;" => '"',
            e => return Err(format!("unsupported entity {e}")),
        });
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[test]
fn the_fake_parses_html_like_telegram() {
    let (text, ents) = parse_html(
        "<b>Labscape #1</b> · turn 2 &lt;x&gt;\n▶ <a href=\"tg://user?id=5\">Ana</a>: go",
    )
    .unwrap();
    assert_eq!(text, "Labscape #1 · turn 2 <x>\n▶ Ana: go");
    assert_eq!(ents[0]["type"], "bold");
    assert_eq!(ents[1]["type"], "text_mention");
    assert_eq!(ents[1]["user"]["id"], 5);
    assert_eq!(ents[1]["offset"], 27);
    assert!(parse_html("a < b").is_err());
    assert!(parse_html("<b>x").is_err());
    assert!(parse_html("<div>x</div>").is_err());
    assert!(parse_html("a & b").is_err());
}
