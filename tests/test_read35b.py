"""read35b's twins: a count of part of the party, a room number, a decimal after a month."""

from crossfoot.agents._counts import count_messages, stated_counts
from crossfoot.sources.rows_days import day_named

_MEMO = {"month column": ("2024-03-01", "2024-03-02", "2024-03-03"), "month key": True}


def _flags(text: str, args: dict) -> list:
    return count_messages(stated_counts(text), args)


def test_part_of_the_party_is_no_total() -> None:
    # "one of us" is one of the group, and adults are some of the travellers
    assert _flags("One of us needs a wheelchair.", {"passengers": [1, 2, 3]}) == []
    assert _flags("Book it for 2 adults and 2 children.", {"passengers": [1, 2, 3, 4]}) == []
    # twins: the whole party stated is still checked
    assert _flags("The 4 of us fly together.", {"passengers": [1, 2, 3]})
    assert _flags("Book it for 2 passengers.", {"passengers": [1, 2, 3]})


def test_a_singular_name_is_a_number_not_a_count() -> None:
    assert _flags("We need 2 rooms.", {"room": 12}) == []
    assert _flags("We need 2 rooms.", {"num_rooms": 3})  # twin: a count by its name
    assert _flags("We need 2 rooms.", {"room_count": 3})


def test_the_message_says_one_person() -> None:
    ((_, message),) = _flags("Just 1 passenger, please.", {"passengers": [1, 2]})
    assert message.endswith("the user stated 1 person")


def test_a_decimal_after_a_month_names_no_day() -> None:
    assert not day_named("2024-03-02", "Revenue in March 2.5% higher than in February.")
    assert not day_named("2024-03-02", "Revenue in March 2,5% higher than in February.")
    assert day_named("2024-03-02", "Revenue on March 2, 2024 rose 5%.")  # twin
    assert day_named("2024-03-02", "It rose on March 2.")  # twin: a full stop ends the day


def test_a_rate_per_period_over_many_rows_keeps_each_row_once() -> None:
    # every row joins the named ones once, in the order first named (sources.rows.rows_for: a
    # scan of the growing list per row took 16 s at 20,000 rows; its time is benchmarks', this
    # pins the verdict over them)
    from crossfoot import trace

    rows = [{"region": f"R{i}", "sales": 1000 + i} for i in range(600)]
    report = trace("Sales rose 5% each day, to 1,005.", rows)
    assert report.counts()["supported_exact"] == 1


def test_a_word_after_a_time_is_no_zone() -> None:
    from crossfoot.agents import check_run

    def found(where: str) -> list:
        msgs = [
            {"role": "user", "content": f"Book the pick-up on 2026-07-09 at 10:00 {where} please."},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
             "function": {"name": "book_pickup",
                          "arguments": '{"time": "2026-07-09T10:00:00Z"}'}}]},
        ]  # fmt: skip
        return check_run(msgs).findings

    assert not found("west entrance")
    assert not found("West Lobby")
    assert found("WEST time")  # twins: written as a zone, 10:00 WEST is 09:00Z
    assert found("CET")
