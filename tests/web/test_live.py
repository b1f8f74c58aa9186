"""The live view: a read-only link with its QR code, polled with ETag/304, revocable."""

from __future__ import annotations

import re

from .helpers import hand, new_game, version_token


def make_link(client, game):
    client.post(f"{game}/share", data=version_token(client, f"{game}/share"))
    page = client.get(f"{game}/share").get_data(as_text=True)
    return re.search(r'href="http://localhost(/live/\d+/[^"]+)"', page).group(1), page


def test_link_qr_and_read_only_view(client):
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=110, contract="120", marriages=["1:hearts"])
    url, share = make_link(client, game)
    assert "<svg" in share and "QR code of the live score link" in share
    assert len(url.rsplit("/", 1)[1]) >= 32  # a long random token
    view = client.get(url).get_data(as_text=True)
    # the totals a player reads: Bartek made 120 with the hearts marriage, the others rounded
    totals = re.findall(r'<span class="name">([^<]+)</span>\s*<span class="points">(-?\d+)<', view)
    assert totals == [("Ala", "40"), ("Bartek", "120"), ("Celina", "20")]
    # nothing to change from here: the only form is the language switcher
    assert view.count("<form") == 1 and 'action="/language"' in view
    assert client.get(url[:-3] + "xyz").status_code == 404
    assert client.get(url.replace(f"/live/{url.split('/')[2]}/", "/live/999/")).status_code == 404


def test_polling_answers_304_until_a_hand_is_logged(client):
    game = new_game(client)
    url, _ = make_link(client, game)
    first = client.get(f"{url}/state")
    etag = first.headers["ETag"]
    assert first.status_code == 200
    assert client.get(f"{url}/state", headers={"If-None-Match": etag}).status_code == 304
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    after = client.get(f"{url}/state", headers={"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert ">100<" in after.get_data(as_text=True)


def test_revoke_and_renew(client):
    game = new_game(client)
    old, _ = make_link(client, game)
    new, _ = make_link(client, game)  # a new link: the old one stops working
    assert old != new and client.get(old).status_code == 404 and client.get(new).status_code == 200
    data = version_token(client, f"{game}/share")
    client.post(f"{game}/share", data={**data, "revoke": "1"})
    assert client.get(new).status_code == 404
    assert "No live link yet" in client.get(f"{game}/share").get_data(as_text=True)
