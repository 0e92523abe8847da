# Walks every page of the tracker (flat alias first, scoped alias after),
# aggregates points per state, fetches the top issue with call_tool by
# canonical id, and greets its assignee through a scoped name via call_tool.
page = await tracker_list_issues(limit=5)
pages = 1
issues = list(page["items"])
while page["next_cursor"] is not None:
    page = await tracker.list_issues(cursor=page["next_cursor"], limit=5)
    pages += 1
    issues.extend(page["items"])

points_by_state = {}
for it in issues:
    points_by_state[it["state"]] = points_by_state.get(it["state"], 0) + it["points"]

top = max(issues, key=lambda it: (it["points"], -it["id"]))
detail = await call_tool("go:tracker/get_issue", {"id": top["id"]})
greeting = await call_tool("greeter.greet", name=detail["assignee"])
print(f"{len(issues)} issues in {pages} pages")
print(greeting["greeting"])

return {
    "count": len(issues),
    "pages": pages,
    "points_by_state": dict(sorted(points_by_state.items())),
    "top": {"id": detail["id"], "title": detail["title"], "points": detail["points"]},
    "greeting": greeting["greeting"],
}
