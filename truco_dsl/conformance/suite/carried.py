"""Where the conformance plugin collects the scenarios a rule file carries (``features:``).

The plugin collects this path and gives it a module built for the run by
``scenarios.carried_module`` from the feature files the rule set names; this file itself holds no
test. Like ``scenarios.py``, it is not collected by a plain ``pytest`` run.
"""
