# Draft for cli/run.py after the layout: the streamed, parallel execution of ``crossfoot run``.


class _RunWork:
    """Check one ``(index, (label, messages, system, tools) | error)``; picklable."""

    __slots__ = ("on_unknown", "policy", "system", "tools")

    def __init__(self, policy: Any, system: object, tools: Any, on_unknown: str) -> None:
        self.policy, self.system, self.tools, self.on_unknown = policy, system, tools, on_unknown

    def __call__(self, pair: tuple[int, RunInput | TranscriptError]) -> dict[str, Any]:
        from crossfoot.agents import check_run

        index, run_input = pair
        if isinstance(run_input, TranscriptError):
            return {"index": index, "name": run_input.label, "action": None,
                    "error": str(run_input), "input_error": True, "report": None, "explain": ""}
        label, messages, run_system, run_tools = run_input
        try:
            report = check_run(
                messages,
                self.policy,
                system=self.system if self.system is not None else run_system,
                tools=self.tools if self.tools is not None else run_tools,
                on_unknown=self.on_unknown,
            )
        except Exception as exc:  # the run goes on: a bad transcript is a record with its error
            text = str(exc) if isinstance(exc, CrossfootError) else f"{type(exc).__name__}: {exc}"
            return {"index": index, "name": label, "action": None, "error": f"{label}: {text}",
                    "input_error": True, "report": None, "explain": ""}
        return {"index": index, "name": label, "action": report.action, "error": None,
                "report": report.to_dict(), "explain": report.explain()}
