"""Serve the static page (dist/lite) on this machine: ``make lite-serve``, or any static web server.

The page works at the root of a site or in a sub-folder (its links are relative). The only care a
server needs: ``.wasm`` as application/wasm and ``.mjs`` as JavaScript, which Python's own table may lack.
"""
from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/octet-stream", ".ipynb": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard signature)
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def server(folder: Path, port: int, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1:``port`` (0: any free port), not yet started."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(folder)))
    httpd.verbose = verbose  # type: ignore[attr-defined]
    return httpd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=Path(__file__).resolve().parent.parent / "dist" / "lite")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.folder / "index.html").is_file():
        raise SystemExit(f"{args.folder} has no page: run `make lite` first")
    httpd = server(args.folder, args.port, verbose=True)
    print(f"The page: http://127.0.0.1:{args.port}/lab/index.html?path=01_play.ipynb\n"
          f"The classroom app: http://127.0.0.1:{args.port}/voici/render/01_play.html\n"
          "(Ctrl-C stops the server)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
