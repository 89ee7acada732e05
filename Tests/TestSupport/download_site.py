#!/usr/bin/env python3
"""A stand-in for a download site, for the download and update tests: serves the files of a folder on 127.0.0.1 with
HEAD, ETag, Last-Modified, Range and If-Range as a real site does, and follows a script the test writes.

Usage: download_site.py FOLDER   (prints the port on its first line, then serves until killed)

FOLDER/script.json (read at each request): {"etag": "\"v1\"", "ignore_range": false,
"queue": [[429, {"Retry-After": "0"}]], "cut_after": 0} -- "queue" answers the next GETs of a file with those
statuses first; "cut_after" (bytes) closes the connection after that much of the next full answer's body.
Every request is appended to FOLDER/requests.log as a JSON line.
"""
import http.server, json, os, socketserver, sys

folder = sys.argv[1]


def script():
    try:
        with open(os.path.join(folder, "script.json")) as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def save(s):
    with open(os.path.join(folder, "script.json"), "w") as f:
        json.dump(s, f)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self):
        with open(os.path.join(folder, "requests.log"), "a") as f:
            f.write(json.dumps({"method": self.command, "path": self.path,
                                "range": self.headers.get("Range"), "if_range": self.headers.get("If-Range"),
                                "user_agent": self.headers.get("User-Agent")}) + "\n")

    def do_HEAD(self):
        self.answer(head=True)

    def do_GET(self):
        self.answer(head=False)

    def answer(self, head):
        self.record()
        s = script()
        # Nested paths too (a replication feed's 000/001/234.osc.gz), never outside files/.
        relative = os.path.normpath(self.path.split("?")[0].lstrip("/"))
        path = os.path.join(folder, "files", relative)
        if relative.startswith("..") or not os.path.isfile(path):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if not head and s.get("queue"):
            status, headers = s["queue"].pop(0)
            save(s)
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        with open(path, "rb") as f:
            data = f.read()
        etag = s.get("etag", '"v1"')
        start = 0
        wanted = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        partial = (wanted and wanted.startswith("bytes=") and not s.get("ignore_range")
                   and (if_range is None or if_range == etag))
        if partial:
            start = int(wanted[6:].split("-")[0])
            if start >= len(data):
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(data))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
        else:
            self.send_response(200)
        body = data[start:]
        self.send_header("ETag", etag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if head:
            return
        cut = s.get("cut_after", 0)
        if cut and not partial:
            s["cut_after"] = 0
            save(s)
            self.wfile.write(body[:cut])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def watch_parent(parent):
    # Gone with the test process, even when it never stops this server.
    import time
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


import threading
threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
