"""firebreak as Bazel actions: facts per library target, one report over all of them.

`firebreak_facts` runs `firebreak facts` on a target's `srcs` (its only inputs) and writes one
facts file, named after the module; Bazel caches it like any action output, so a change in one
target reruns that target's facts action and the report, nothing else. `firebreak_report` merges
the facts of the targets it is given (and of their `deps`) with `firebreak lint --facts` and
`firebreak analyze --facts`, writes the JSON and SARIF reports, and with `fail_on_findings` fails
the build when lint finds something at or above the configured threshold. Only genrule-level
primitives: no rules are fetched.
"""

FirebreakFactsInfo = provider(
    doc = "The facts files of a target and of the targets it depends on.",
    fields = {"facts": "depset of facts files"},
)

_FIREBREAK = attr.label(
    default = Label("//tools:firebreak"),
    executable = True,
    allow_single_file = True,
    cfg = "exec",
    doc = "The firebreak executable.",
)

def _firebreak_facts_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".facts")
    args = ctx.actions.args()
    args.add("facts")
    args.add_all(ctx.files.srcs)
    args.add("--module", ctx.attr.module or ctx.label.name)
    args.add("--root", ".")
    args.add("--no-cache")
    args.add("--output", out)
    ctx.actions.run(
        executable = ctx.executable.firebreak,
        arguments = [args],
        inputs = ctx.files.srcs,
        outputs = [out],
        mnemonic = "FirebreakFacts",
        progress_message = "firebreak facts " + str(ctx.label),
    )
    transitive = [dep[FirebreakFactsInfo].facts for dep in ctx.attr.deps]
    return [
        DefaultInfo(files = depset([out])),
        FirebreakFactsInfo(facts = depset([out], transitive = transitive)),
    ]

firebreak_facts = rule(
    implementation = _firebreak_facts_impl,
    doc = "The facts of one module's Swift sources, for firebreak_report.",
    attrs = {
        "srcs": attr.label_list(allow_files = [".swift"], mandatory = True),
        "deps": attr.label_list(providers = [FirebreakFactsInfo]),
        "module": attr.string(doc = "The module name (default: the target's name)."),
        "firebreak": _FIREBREAK,
    },
)

def _firebreak_report_impl(ctx):
    facts = depset(transitive = [target[FirebreakFactsInfo].facts for target in ctx.attr.targets]).to_list()
    lint_json = ctx.actions.declare_file(ctx.label.name + ".lint.json")
    sarif = ctx.actions.declare_file(ctx.label.name + ".sarif")
    analysis = ctx.actions.declare_file(ctx.label.name + ".analysis.json")
    facts_args = " ".join(["'%s'" % f.path for f in facts])
    config = ctx.file.config.path
    # Lint exits 1 on findings: the reports are written either way, and the build fails only when
    # asked to. The merge reads no sources; an empty folder is its only path, so nothing on disk is
    # scanned (an unsandboxed execroot links the whole workspace).
    command = """
set -u
fb="{fb}"
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
run() {{ "$fb" "$@" "$empty" --config '{config}' --no-cache --facts {facts}; }}
run lint --format json --output '{lint_json}'; status=$?
[ $status -le 1 ] || exit $status
run lint --format sarif --output '{sarif}' || [ $? -eq 1 ] || exit 2
run analyze --format json --output '{analysis}' || exit 2
if [ {fail} = 1 ] && [ $status = 1 ]; then run lint; exit 1; fi
exit 0
""".format(
        fb = ctx.executable.firebreak.path,
        config = config,
        facts = facts_args,
        lint_json = lint_json.path,
        sarif = sarif.path,
        analysis = analysis.path,
        fail = "1" if ctx.attr.fail_on_findings else "0",
    )
    ctx.actions.run_shell(
        command = command,
        inputs = facts + [ctx.file.config],
        tools = [ctx.executable.firebreak],
        outputs = [lint_json, sarif, analysis],
        mnemonic = "FirebreakReport",
        progress_message = "firebreak lint and analyze " + str(ctx.label),
    )
    return [DefaultInfo(files = depset([lint_json, sarif, analysis]))]

firebreak_report = rule(
    implementation = _firebreak_report_impl,
    doc = "Lint and analysis reports (JSON, SARIF) over the facts of the given targets.",
    attrs = {
        "targets": attr.label_list(providers = [FirebreakFactsInfo], mandatory = True),
        "config": attr.label(allow_single_file = True, mandatory = True, doc = "The .firebreak.yml."),
        "fail_on_findings": attr.bool(default = False),
        "firebreak": _FIREBREAK,
    },
)
