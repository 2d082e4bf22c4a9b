// The account page's web push switch: registers the service worker (/sw.js, served from the
// site's root so that its scope is every page), subscribes this browser with the server's
// VAPID key (GET /api/push/key) and hands the subscription to the server (POST /account/push),
// or takes it back (POST /account/push/off). Whether this browser's notices are on is whether
// its subscription is among the account's (the #push box's data-endpoints). Every text it
// shows is in the page, in the reader's language; the script only shows or hides them.

(() => {
  "use strict";
  const box = document.getElementById("push");
  if (!box) return;
  const known = JSON.parse(box.dataset.endpoints || "[]");
  const part = (id) => document.getElementById(id);
  const STATES = ["on", "off", "none", "blocked"];

  function show(state) {
    for (const name of STATES) part(`push-${name}`).hidden = name !== state;
    part("push-subscribe").hidden = state !== "off";
    part("push-unsubscribe").hidden = state !== "on";
    box.dataset.state = state;
  }

  function failed(shown) {
    part("push-failed").hidden = !shown;
  }

  // The key as pushManager.subscribe takes it: base64url to bytes.
  function bytes(base64url) {
    const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4))
      .replace(/-/g, "+")
      .replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }

  async function post(path, fields) {
    const body = new FormData();
    body.set("csrf", box.dataset.csrf);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const answer = await fetch(path, {method: "POST", body, credentials: "same-origin"});
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  }

  async function subscribe() {
    failed(false);
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      show(permission === "denied" ? "blocked" : "off");
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      const key = (await (await fetch("/api/push/key")).json()).key;
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytes(key),
      });
    }
    const made = subscription.toJSON();
    await post("/account/push", {endpoint: made.endpoint, p256dh: made.keys.p256dh, auth: made.keys.auth});
    known.push(made.endpoint);
    show("on");
  }

  async function unsubscribe() {
    failed(false);
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await post("/account/push/off", {endpoint: subscription.endpoint});
      await subscription.unsubscribe();
    }
    show("off");
  }

  async function start() {
    const registration = await navigator.serviceWorker.register("/sw.js");
    box.dataset.worker = "registered";
    if (Notification.permission === "denied") {
      show("blocked");
      return;
    }
    const subscription = await registration.pushManager.getSubscription();
    show(subscription && known.includes(subscription.endpoint) ? "on" : "off");
  }

  if (!window.isSecureContext || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    show("none");
    return;
  }
  part("push-subscribe").addEventListener("click", () => subscribe().catch(() => failed(true)));
  part("push-unsubscribe").addEventListener("click", () => unsubscribe().catch(() => failed(true)));
  start().catch(() => show("none"));
})();
