"""The composition root picks the policy from the configured model name."""

from __future__ import annotations

import pytest

from research_agent.compose import make_policy
from research_agent.config import ResearchConfig
from research_agent.policy.llm import LLMPolicy
from research_agent.policy.offline import OfflinePolicy


@pytest.mark.parametrize("name", ["offline", " offline "])
def test_offline_names_the_offline_policy_and_no_model(name):
    policy, model = make_policy(ResearchConfig(model=name))
    assert isinstance(policy, OfflinePolicy) and model is None


def test_a_model_name_gives_the_llm_policy_that_model():
    policy, model = make_policy(ResearchConfig(model="rules"))
    assert isinstance(policy, LLMPolicy) and model is not None
