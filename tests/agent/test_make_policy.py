"""The composition root picks the policy from the configured model name."""

from __future__ import annotations

import pytest

from engine import RuntimeBudget, UsageMeter
from engine.model import MeteredModel
from research_agent.compose import make_policy
from research_agent.config import ResearchConfig
from research_agent.policy.llm import LLMPolicy
from research_agent.policy.offline import OfflinePolicy


def _policy(name: str):
    return make_policy(ResearchConfig(model=name), meter=UsageMeter(), budget=RuntimeBudget())


@pytest.mark.parametrize("name", ["offline", " offline "])
def test_offline_names_the_offline_policy_and_no_model(name):
    policy = _policy(name)
    assert isinstance(policy, OfflinePolicy) and policy.model is None


def test_a_model_name_gives_the_llm_policy_that_model_metered():
    policy = _policy("rules")
    assert isinstance(policy, LLMPolicy) and isinstance(policy.model, MeteredModel)
