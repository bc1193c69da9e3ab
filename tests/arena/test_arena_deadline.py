"""The move clock gives up only the decision it timed: a decision that ended meanwhile is
never blamed, and the agent deciding now is not interrupted for it."""

import threading
import time

import pytest

from amigo_rules.arena.deadline import Abandoned, Overrun, Watch


def test_a_stale_decision_is_never_given_up():
    watch = Watch(60)
    seen = {}
    release = threading.Event()
    caught = []

    def first(observation, legal):
        seen["first"] = watch.deciding
        return legal[0]

    def second(observation, legal):
        seen["second"] = watch.deciding
        try:
            while not release.is_set():
                time.sleep(0.001)
        except BaseException as exc:
            caught.append(exc)
            raise
        return legal[1]

    def game():
        return watch.decide(0, first, None, ("a", "b")), watch.decide(1, second, None, ("a", "b"))

    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(watch.run(game)))
    thread.start()
    deadline = time.monotonic() + 5
    while "second" not in seen:
        assert time.monotonic() < deadline
        time.sleep(0.001)
    assert watch.cancel(seen["first"]) is False  # seat 0 decided in time: not blamed
    assert not watch.cancelled
    release.set()
    thread.join(5)
    assert outcome == [("a", "b")] and caught == []  # seat 1 was not interrupted


def test_the_decision_under_way_is_given_up_once_and_nothing_follows():
    watch = Watch(60)
    seen = {}
    caught = []

    def spinning(observation, legal):
        seen["decision"] = watch.deciding
        try:
            while True:
                time.sleep(0.001)
        except BaseException as exc:
            caught.append(exc)
        return legal[0]  # swallowed: its move must be void

    asked = []

    def game():
        watch.decide(0, spinning, None, ("a",))
        asked.append("again")
        return watch.decide(1, lambda observation, legal: legal[0], None, ("a",))

    errors = []

    def target():
        try:
            watch.run(game)
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    deadline = time.monotonic() + 5
    while "decision" not in seen:
        assert time.monotonic() < deadline
        time.sleep(0.001)
    assert watch.cancel(seen["decision"]) is True
    assert watch.cancel(seen["decision"]) is False  # once
    thread.join(5)
    assert [type(exc) for exc in caught] == [Abandoned] and asked == []
    assert [type(exc) for exc in errors] == [Abandoned]
    with pytest.raises(Abandoned):
        watch.decide(0, lambda observation, legal: legal[0], None, ("a",))


def test_an_overrun_names_the_seat_of_the_decision_that_overran():
    watch = Watch(0.05)

    def game():
        watch.decide(0, lambda observation, legal: legal[0], None, ("a",))
        return watch.decide(1, lambda observation, legal: time.sleep(0.5), None, ("a",))

    with pytest.raises(Overrun) as error:
        watch.run(game)
    assert error.value.seat == 1 and watch.cancelled
