"""Headless Chromium over the Chrome DevTools Protocol, for the browser tests
(scripts/studio_browser_test.py, scripts/chunk_seek_browser_test.py): start
the browser, speak to its tab, stop it.
"""
import json
import re
import subprocess
import time
import urllib.request

import websocket


class Page:
    """One tab, spoken to over its DevTools WebSocket."""

    def __init__(self, ws_url, deadline):
        self.deadline = deadline  # time.monotonic() past which no wait goes on
        self.ws = websocket.create_connection(ws_url, timeout=30, suppress_origin=True)
        self.next_id = 0
        self.problems = []  # console errors, exceptions, failed loads

    def call(self, method, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.note(message)

    def note(self, message):
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            self.problems.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.problems.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.problems.append("log: " + params["entry"]["text"] + " " + params["entry"].get("url", ""))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds, what):
        end = min(time.monotonic() + seconds, self.deadline)
        while time.monotonic() < end:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"waited {seconds} s for {what} ({expression})")


def start_browser(browser, profile, flags=()):
    process = subprocess.Popen([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                "--no-default-browser-check", "--remote-debugging-port=0", "--remote-allow-origins=*",
                                f"--user-data-dir={profile}", "--window-size=1400,940", *flags, "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = match.group(1)
            break
    else:
        raise RuntimeError("Chromium did not start its DevTools server")
    for _ in range(100):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        pages = [t for t in targets if t["type"] == "page"]
        if pages:
            return process, pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.05)
    raise RuntimeError("Chromium opened no page")


def stop_browser(browser, page):
    """Closes the browser (through `page` when it has one), killing it when it does not go."""
    if page:
        try:
            page.call("Browser.close")
        except Exception:
            pass
    if browser:
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()


class Browser:
    """A headless Chromium with one tab; `close()` stops it, whatever state `open` reached."""

    def __init__(self):
        self.process = self.page = None

    def open(self, executable, profile, url, deadline, flags=()):
        """Starts the browser and opens `url` in its tab (console, log and page events on); the tab."""
        self.process, ws_url = start_browser(executable, profile, flags)
        self.page = Page(ws_url, deadline)
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            self.page.call(domain)
        self.page.call("Page.navigate", url=url)
        return self.page

    def close(self):
        stop_browser(self.process, self.page)


class Checks:
    """The named outcomes of a test, printed as they come."""

    def __init__(self):
        self.passed, self.failed = [], []

    def __call__(self, name, condition, detail=""):
        (self.passed if condition else self.failed).append(name)
        print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)
        return condition

    def report(self, title):
        """Prints "N passed, N failed"; the exit status."""
        print(f"{title}: {len(self.passed)} passed, {len(self.failed)} failed")
        return 1 if self.failed else 0
