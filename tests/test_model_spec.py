"""`--model` is parsed once into a `ModelSpec`; everything downstream reads its fields."""

from __future__ import annotations

import pytest

from research_agent.config import ResearchConfig, load_config
from research_agent.model_spec import ModelSpec


@pytest.mark.parametrize("text, spec", [
    ("offline", ModelSpec("offline")),
    ("rules", ModelSpec("rules")),
    ("rules:noisy", ModelSpec("rules", noisy=True)),
    ("openai:gpt-4o-mini", ModelSpec("openai", name="gpt-4o-mini")),
    ("openai:qwen2.5:7b", ModelSpec("openai", name="qwen2.5:7b")),  # Ollama tags keep their colon
    ("scripted:/tmp/run.jsonl", ModelSpec("scripted", script="/tmp/run.jsonl")),
])
def test_each_form_parses_and_writes_back(text, spec):
    assert ModelSpec.parse(text) == spec
    assert str(spec) == text and ModelSpec.parse(str(spec)) == spec
    assert spec.uses_model is (text != "offline")


@pytest.mark.parametrize("text", ["gpt-4o", "openai:", "anthropic:claude", "scripted:", "", "rules:loud"])
def test_an_unknown_form_names_the_accepted_ones(text):
    with pytest.raises(ValueError, match=r"accepted forms: offline \| rules\[:noisy\] \| openai:<model name>"):
        ModelSpec.parse(text)


def test_scripted_auto_is_an_eval_form_only():
    assert ModelSpec.parse("scripted:auto", allow_auto=True).is_auto
    with pytest.raises(ValueError, match="research eval"):
        ModelSpec.parse("scripted:auto")


def test_the_config_holds_a_spec_and_stores_its_text(tmp_path):
    cfg = load_config(None, {"model": "openai:local"}, env={})
    assert cfg.model == ModelSpec("openai", name="local")
    assert cfg.public_dump()["model"] == "openai:local"  # what the store keeps
    assert ResearchConfig.model_validate(cfg.public_dump()).model == cfg.model  # what a resume reads back
    assert ResearchConfig().model == ModelSpec("offline")


def test_a_bad_model_in_a_config_file_is_a_config_error(tmp_path):
    from research_agent.config import ConfigError

    path = tmp_path / "config.toml"
    path.write_text('model = "gpt-4o"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="setting `model`: .*unknown --model 'gpt-4o'"):
        load_config(path, env={})
