// The service worker of the turn notices, served as /sw.js (its scope: every page of the
// site). A notice pushed by the server (meeple.server.notices: a JSON object with the title,
// the text, the table's path and a tag per table) is shown as a notification; a click on it
// opens the table, in a tab that shows it already if there is one. It caches nothing.

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = {};
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Meeple", {
      body: notice.body || "",
      tag: notice.tag,
      icon: "/static/favicon.svg",
      data: {url: notice.url || "/games"},
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/games", self.location.origin);
  if (target.origin !== self.location.origin) return; // only this site's pages
  event.waitUntil(
    self.clients.matchAll({type: "window", includeUncontrolled: true}).then((open) => {
      const shown = open.find((client) => client.url === target.href && "focus" in client);
      return shown ? shown.focus() : self.clients.openWindow(target.href);
    }),
  );
});
