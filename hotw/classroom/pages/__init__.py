"""The two pages of a class, as Voila serves them: a student's seat and the teacher's control room.

Each page is a notebook of one cell (``hotw/classroom/pages/*.ipynb``) calling a
function here. The page's address carries its secret (``?seat=...`` or
``?key=...``); Voila gives it to the kernel as ``QUERY_STRING``. The store is the
one named by ``$HOTW_CLASSROOM_STORE`` (``hotw classroom`` sets it for the server).
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w

from hotw.classroom import open_store
from hotw.i18n import Domain, check_language, preferred_language, speaking

_ = Domain("hotw")
t = _.text

__all__ = ["PAGES", "URL_ENV", "seat_page", "teacher_page"]

#: The folder of the page notebooks Voila serves.
PAGES = Path(__file__).resolve().parent
#: The address students open (``hotw classroom`` sets it), for the links the control room hands out.
URL_ENV = "HOTW_CLASSROOM_URL"


def _query(name: str) -> str:
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get(name, [""])
    return values[0].strip()


def _refusal(text: str) -> w.HTML:
    return w.HTML(f"<div class='hotw-illegal hotw-classroom-refused' role='alert'>{html.escape(text)}</div>")


def seat_page(secret: str | None = None, lang: str | None = None) -> w.Widget:
    """The page of the seat whose secret is in the address (``?seat=...``), or a sentence saying why not.

    ``lang`` is the page's language (by default the address's ``&lang=``, else the reader's, as the notebook game)."""
    from hotw.classroom.pages.seatview import SeatView
    from hotw.classroom.table import LiveGame

    lang = check_language(lang) if lang else preferred_language()
    secret = _query("seat") if secret is None else secret
    with speaking(lang):
        if not secret:
            return _refusal(t("This page needs the link of your seat: ask your teacher for it."))
        store = open_store()
        seat = store.seat_by_secret(secret)
        if seat is None:
            return _refusal(t("This link opens no seat (it may have been replaced): ask your teacher for your link."))
        if seat.kind == "bot":
            return _refusal(t("The computer plays this seat now: ask your teacher for your link."))
    return SeatView(LiveGame(store, seat.table_id), seat.seat, secret=secret, lang=lang)


def teacher_page(key: str | None = None, lang: str | None = None) -> w.Widget:
    """The control room and projector, for the address with the class's teacher key (``?key=...``), in ``lang``
    (by default the address's ``&lang=``, else the reader's)."""
    from hotw.classroom.pages.control import ControlRoom

    lang = check_language(lang) if lang else preferred_language()
    key = _query("key") if key is None else key
    store = open_store()
    if not key or key != store.teacher_key():
        with speaking(lang):
            return _refusal(t("This page needs the teacher's link that 'hotw classroom' printed."))
    return ControlRoom(store, base_url=os.environ.get(URL_ENV, ""), lang=lang)
