#!/usr/bin/env python3
"""Hostile load on `lightsout serve` (issue 19), on 127.0.0.1 only, bounded in count and
time. Prints the figures BENCHMARKS.md quotes.

    python3 scripts/load.py target/dist/lightsout

1. 80 concurrent hostile /v1/solve requests (shape-only bodies, bad bodies, and whole
   boards of the largest default shape), while /healthz is polled: every response is an
   answer, a 503 or a 4xx; the server's peak RSS; /healthz latency (median, max).
2. 1,000 idle sockets: how long until the server has closed them all; /healthz meanwhile.
3. SIGTERM while clients trickle requests: seconds until the process is gone.
4. 20 connections flooding /v1/puzzle?steps=0: /healthz latency meanwhile.
5. 8 clients repeating /v1/game with the largest rules for 10 s (issue 39, item 3: a
   127 x 127 rule on 64 x 64, refused; a 7 x 7 rule on a 128 x 128 torus, the largest
   kind the page takes), /healthz polled: peak RSS, /healthz p50/p99/max; then SIGTERM
   while they go on: seconds until the process is gone.
6. 4 slow clients holding POST /v1/query bodies open (a byte a second, issue 39, item
   5) while another client POSTs a grid every 0.25 s for 12 s: its statuses and
   latencies, with --jobs 4.
7. 8 clients at once, each sending a 64 MiB JSON body (hardening round five, fault 3),
   twice over: numbers where boards go (`{"boards":[0,0,...]}`), one string of 64 MiB,
   and 5x5 grids whose answers the client reads as they come (3 rounds of the three
   kinds to /v1/query, then 64 MiB of 4 x 4 boards to /v1/solve): every status, the
   server's peak RSS, /healthz median and max.
"""

import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time


def start(binary, *flags):
    server = subprocess.Popen(
        [binary, "serve", "--addr", "127.0.0.1:0", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = server.stdout.readline()
    url = line[line.index("http://") :].split()[0]
    host, port = url[len("http://") :].split(":")
    return server, host, int(port)


def peak_rss(server):
    with open(f"/proc/{server.pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def request(host, port, method, path, body=None, timeout=60):
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "text/plain"})
        response = conn.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException) as err:
        return f"dropped ({type(err).__name__})"
    finally:
        conn.close()


def poll_healthz(host, port, stop, latencies):
    while not stop.is_set():
        t = time.perf_counter()
        status = request(host, port, "GET", "/healthz", timeout=10)
        latencies.append((time.perf_counter() - t, status))
        time.sleep(0.01)


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def hostile_solves(binary):
    server, host, port = start(binary)
    rows, cols = 2048, 2048  # 2^22 lights, the default --max-lights
    board = ("1\n" + ("1" * cols + "\n") * rows).encode()
    bodies = [b"0\n", b"x", board]
    stop, latencies, statuses = threading.Event(), [], []
    poller = threading.Thread(target=poll_healthz, args=(host, port, stop, latencies))
    poller.start()
    started = time.perf_counter()

    def client(i):
        path = f"/v1/solve?rows={rows}&cols={cols}" if i % 3 else "/v1/solve?rows=2339&cols=1793"
        statuses.append(request(host, port, "POST", path, bodies[i % 3], timeout=120))

    clients = [threading.Thread(target=client, args=(i,)) for i in range(80)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    title = ["1. 80 concurrent hostile /v1/solve requests (a third whole 2048 x 2048 boards)"]
    finish(server, title, started, statuses, (stop, poller, latencies))


def finish(server, title, started, statuses, polling):
    """Stops the poller and the server; prints the statuses, peak RSS and /healthz."""
    elapsed = time.perf_counter() - started
    stop, poller, latencies = polling
    stop.set()
    poller.join()
    peak = peak_rss(server)
    server.terminate()
    server.wait()
    counts = {}
    for s in statuses:
        counts[s] = counts.get(s, 0) + 1
    times = [t for t, _ in latencies]
    for line in title:
        print(line)
    print(f"   statuses: {dict(sorted(counts.items(), key=str))} in {elapsed:.1f} s")
    print(f"   peak RSS: {peak / 2**20:.1f} MiB")
    print(
        f"   /healthz: {len(times)} polls, median {ms(statistics.median(times))}, "
        f"max {ms(max(times))}, all 200: {all(s == 200 for _, s in latencies)}"
    )


def idle_sockets(binary):
    server, host, port = start(binary)
    socks = [socket.create_connection((host, port)) for _ in range(1000)]
    t = time.perf_counter()
    health = request(host, port, "GET", "/healthz")
    health_time = time.perf_counter() - t
    started = time.perf_counter()
    closed = 0
    for s in socks:
        s.settimeout(60)
        try:
            data = s.recv(64)
            while data:
                data = s.recv(64)
        except OSError:
            pass
        closed += 1
        s.close()
    elapsed = time.perf_counter() - started
    server.terminate()
    server.wait()
    print("2. 1,000 idle sockets (defaults: --header-timeout 10, --idle-timeout 30)")
    print(f"   /healthz with them open: {health} in {ms(health_time)}")
    print(f"   all {closed} closed by the server after {elapsed:.1f} s")


def sigterm(binary):
    server, host, port = start(binary)
    socks = []
    for _ in range(20):
        s = socket.create_connection((host, port))
        s.sendall(b"POST /v1/query HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n1000\n")
        socks.append(s)
    trickling = threading.Event()

    def trickle():
        while not trickling.is_set():
            for s in socks:
                try:
                    s.sendall(b"00000\n")
                except OSError:
                    pass
            time.sleep(0.2)

    feeder = threading.Thread(target=trickle)
    feeder.start()
    time.sleep(0.5)
    t = time.perf_counter()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=60)
    gone = time.perf_counter() - t
    trickling.set()
    feeder.join()
    print("3. SIGTERM with 20 clients trickling request bodies")
    print(f"   exited after {gone:.2f} s (exit code {server.returncode})")


def puzzle_flood(binary):
    server, host, port = start(binary)
    stop, latencies = threading.Event(), []

    def flood():
        conn = http.client.HTTPConnection(host, port, timeout=10)
        while not stop.is_set():
            conn.request("GET", "/v1/puzzle?steps=0")
            conn.getresponse().read()
        conn.close()

    flooders = [threading.Thread(target=flood) for _ in range(20)]
    for f in flooders:
        f.start()
    time.sleep(0.2)
    poller = threading.Thread(target=poll_healthz, args=(host, port, threading.Event(), latencies))
    end = time.perf_counter() + 3
    while time.perf_counter() < end:
        t = time.perf_counter()
        request(host, port, "GET", "/healthz")
        latencies.append(time.perf_counter() - t)
        time.sleep(0.01)
    stop.set()
    for f in flooders:
        f.join()
    server.terminate()
    server.wait()
    print("4. 20 connections flooding /v1/puzzle?steps=0")
    print(
        f"   /healthz: {len(latencies)} polls, median {ms(statistics.median(latencies))}, "
        f"max {ms(max(latencies))}"
    )
    del poller


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rule_flood(binary):
    server, host, port = start(binary)
    ones = lambda n: "/".join(["1" * n] * n)
    paths = [
        f"/v1/game?rows=64&cols=64&rule={ones(127)}",
        f"/v1/game?rows=128&cols=128&topology=torus&rule={ones(7)}",
    ]
    stop, latencies, statuses = threading.Event(), [], []
    poller = threading.Thread(target=poll_healthz, args=(host, port, stop, latencies))
    poller.start()
    end = time.perf_counter() + 10

    def client(i):
        while not stop.is_set() and time.perf_counter() < end + 30:
            statuses.append(request(host, port, "GET", paths[i % 2], timeout=60))

    clients = [threading.Thread(target=client, args=(i,)) for i in range(8)]
    for c in clients:
        c.start()
    time.sleep(10)
    peak = peak_rss(server)
    answered = list(statuses)
    t = time.perf_counter()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=120)
    gone = time.perf_counter() - t
    stop.set()
    for c in clients:
        c.join()
    poller.join()
    counts = {}
    for s in answered:
        counts[s] = counts.get(s, 0) + 1
    times = [t for t, s in latencies if s == 200]
    print("5. 8 clients repeating /v1/game with the largest rules for 10 s")
    print(f"   statuses: {dict(sorted(counts.items(), key=str))}")
    print(f"   peak RSS: {peak / 2**20:.1f} MiB")
    if times:
        print(
            f"   /healthz: {len(latencies)} polls, {len(times)} answered 200, median "
            f"{ms(statistics.median(times))}, p99 {ms(percentile(times, 0.99))}, "
            f"max {ms(max(times))}"
        )
    print(f"   SIGTERM while they go on: gone after {gone:.2f} s (exit code {server.returncode})")


def slow_bodies(binary):
    server, host, port = start(binary, "--jobs", "4")
    socks = []
    for _ in range(4):
        s = socket.create_connection((host, port))
        s.sendall(b"POST /v1/query HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n100000\n")
        socks.append(s)
    stop = threading.Event()

    def trickle():
        while not stop.is_set():
            for s in socks:
                try:
                    s.sendall(b"1")
                except OSError:
                    pass
            stop.wait(1)

    feeder = threading.Thread(target=trickle)
    feeder.start()
    time.sleep(1)
    grid = b"1\n11111\n11111\n11111\n11111\n11111\n"
    statuses, latencies = [], []
    end = time.perf_counter() + 12
    while time.perf_counter() < end:
        t = time.perf_counter()
        statuses.append(request(host, port, "POST", "/v1/query", grid, timeout=30))
        latencies.append(time.perf_counter() - t)
        time.sleep(0.25)
    stop.set()
    feeder.join()
    for s in socks:
        s.close()
    server.terminate()
    server.wait()
    counts = {}
    for s in statuses:
        counts[s] = counts.get(s, 0) + 1
    print("6. 4 slow POST bodies (a byte a second) holding --jobs 4; a grid POSTed every 0.25 s")
    print(f"   statuses: {dict(sorted(counts.items(), key=str))}")
    print(
        f"   latency: median {ms(statistics.median(latencies))}, "
        f"p99 {ms(percentile(latencies, 0.99))}, max {ms(max(latencies))}"
    )


def json_client(host, port, path, body, results):
    """Sends `body` as JSON while reading the answer on another thread; its status."""
    sock = socket.create_connection((host, port), timeout=120)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    answer = bytearray()

    def read():
        try:
            while chunk := sock.recv(1 << 16):
                answer.extend(chunk)
        except OSError:
            pass

    reader = threading.Thread(target=read)
    reader.start()
    try:
        sock.sendall(head)
        view = memoryview(body)
        for at in range(0, len(body), 1 << 20):
            sock.sendall(view[at : at + (1 << 20)])
    except OSError:
        pass  # the server answered (a 400) and closed before the body was all sent
    try:
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    reader.join(timeout=120)
    sock.close()
    line = bytes(answer[:64]).split(b"\r\n", 1)[0].decode(errors="replace")
    results.append(line.split(" ")[1] if line.startswith("HTTP/") else f"dropped ({line!r})")


def json_bodies(binary):
    server, host, port = start(binary)
    size = (64 << 20) - 4096  # under the default --max-body of 64 MiB
    numbers = b'{"boards":[' + b"0," * (size // 2 - 8) + b"0]}"
    string = b'{"boards":[["' + b"0" * (size - 20) + b'"]]}'
    grid = b'["01101","10011","00000","11111","00000"]'
    grids = b'{"boards":[' + b",".join([grid] * (size // (len(grid) + 1))) + b"]}"
    board = b'["0110","1001","1001","0110"]'
    boards = b'{"boards":[' + b",".join([board] * (size // (len(board) + 1))) + b"]}"
    stop, latencies, statuses = threading.Event(), [], []
    poller = threading.Thread(target=poll_healthz, args=(host, port, stop, latencies))
    poller.start()
    started = time.perf_counter()
    kinds = [("/v1/query", numbers), ("/v1/query", string), ("/v1/query", grids)]
    for path, body in kinds * 3 + [("/v1/solve?rows=4&cols=4", boards)]:
        clients = [
            threading.Thread(target=json_client, args=(host, port, path, body, statuses))
            for _ in range(8)
        ]
        for c in clients:
            c.start()
        for c in clients:
            c.join()
    title = [
        "7. 8 clients at once sending 64 MiB JSON bodies, 10 rounds (numbers, one string,",
        "   5x5 grids read as answered, x3; then 4 x 4 boards to /v1/solve)",
    ]
    finish(server, title, started, statuses, (stop, poller, latencies))


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/dist/lightsout")
    which = sys.argv[2:] or ["1", "2", "3", "4", "5", "6", "7"]
    runs = [
        ("1", hostile_solves),
        ("2", idle_sockets),
        ("3", sigterm),
        ("4", puzzle_flood),
        ("5", rule_flood),
        ("6", slow_bodies),
        ("7", json_bodies),
    ]
    for name, run in runs:
        if name in which:
            run(binary)


if __name__ == "__main__":
    main()
