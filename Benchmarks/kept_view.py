#!/usr/bin/env python3
"""A kept view, served: the first request of a freshly started `tagproj open` for the 3035×1707
view a project keeps of the 14.7 MP photo, for two or more builds side by side, alternating.

Usage: Benchmarks/kept_view.py NAME=PATH/TO/tagproj [NAME=PATH ...] [--rounds N] [--photo P]
(for example `before=/tmp/old/.build/release/tagproj after=.build/release/tagproj`). Each build
gets a project of its own, made by it, whose view it drew and kept; then each round starts every
build's server once and times its answer to the photo request.
"""
import argparse
import http.client
import os
import re
import signal
import statistics
import subprocess
import tempfile
import time

from export import DEFAULT


def serve(tagproj, folder):
    """`tagproj open` on the folder's project, with the folder's own state (its seal's key)."""
    env = dict(os.environ, XDG_STATE_HOME=folder + "/.state")
    server = subprocess.Popen([tagproj, "open", folder + "/p.tagproj", "--no-browser", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    m = re.match(r"http://127.0.0.1:(\d+)/#token=(\w+)", server.stdout.readline().strip())
    return server, int(m.group(1)), m.group(2)


def timed_get(port, token, path):
    """Where the view came from (X-Tagproj-View) and the seconds to its last byte."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    started = time.perf_counter()
    connection.request("GET", path, headers={"X-Tagproj-Token": token, "Host": "127.0.0.1:%d" % port})
    response = connection.getresponse()
    response.read()
    took = time.perf_counter() - started
    connection.close()
    return response.getheader("X-Tagproj-View"), took


def stop(server):
    server.send_signal(signal.SIGINT)
    server.communicate(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("builds", nargs="+", help="NAME=PATH of a tagproj binary")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--photo", default=DEFAULT)
    a = ap.parse_args()
    builds = dict(b.split("=", 1) for b in a.builds)
    path = "/api/photo?w=3035&h=1707"
    folders = {}
    for name, tagproj in builds.items():
        folders[name] = tempfile.mkdtemp(prefix="tagproj-kept-")
        subprocess.run([tagproj, "new", folders[name] + "/p.tagproj", a.photo], check=True, capture_output=True,
                       env=dict(os.environ, XDG_STATE_HOME=folders[name] + "/.state"))
        server, port, token = serve(tagproj, folders[name])
        assert timed_get(port, token, path)[0] == "drawn"
        time.sleep(2)  # kept a second after it was answered
        stop(server)
    times = {name: [] for name in builds}
    for _ in range(a.rounds):
        for name, tagproj in builds.items():
            server, port, token = serve(tagproj, folders[name])
            view, took = timed_get(port, token, path)
            assert view == "kept", (name, view)
            times[name].append(took * 1000)
            stop(server)
    for name, ms in times.items():
        print("%-16s the kept 3035×1707 view, a fresh server's first answer: %.1f ms (median of %d, fastest %.1f)"
              % (name, statistics.median(ms), len(ms), min(ms)))


if __name__ == "__main__":
    main()
