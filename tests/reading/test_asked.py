"""A FAQ's answer is read for the dimension its question asks about (`reading.asked`)."""

from __future__ import annotations

from research_agent.reading.asked import question_before
from research_agent.reading.segment import split_sentences

from _read_kit import read


def test_an_answer_without_the_dimension_word_is_read_for_the_question_it_answers() -> None:
    text = ("Frequently asked questions. How long is the warranty on the Hesketh? Two years, on every part. "
            "Can I mount it outdoors? Yes, under a roof.")
    assert read("Hesketh", "warranty", text) == "Two years"


def test_the_question_may_name_the_object_and_the_answer_only_a_figure() -> None:
    text = "What is the rate limit for Quorvel? Each key may send 640 requests per minute. Bursts are queued."
    assert read("Quorvel", "rate limit", text, title="Quorvel limits") == "640 requests per minute"


def test_a_bare_yes_or_no_stands_between_a_question_and_its_answer() -> None:
    sentences = split_sentences("Is there a setup charge? No. Setup is included in every plan.")
    assert question_before(sentences, 2) == "Is there a setup charge?"


def test_a_question_about_another_dimension_lends_no_cue() -> None:
    text = "How long does shipping take? Orders arrive within 6 days."
    assert read("Quorvel", "release cadence", text) is None


def test_a_sentence_after_a_statement_answers_nothing() -> None:
    assert question_before(["Quorvel is a queue.", "It ships every 6 weeks."], 1) is None
    assert question_before(["Does it scale?", "What does it cost?"], 1) is None


def test_a_question_opening_with_its_auxiliary_names_the_object_for_its_answer() -> None:
    # "Does", "Is", "Can" open a question and are no part of the name after them: the question keeps the product as
    # the page's subject, so its answer's "It" is the product
    for opening in ("Does Quorvel Pad come with", "Is Quorvel Pad covered by", "Can Quorvel Pad get"):
        text = f"Quorvel Pad FAQ. {opening} a warranty? It carries 18 months on parts and labour."
        assert read("Quorvel Pad", "warranty", text, title="Quorvel Pad FAQ", others=("Veslow Kite 3",)) == "18 months"
