"""Fault 6: answers hello with an error (and everything else honestly)."""
import json
import sys
import common

common.start_grandchild()
for line in common.lines():
    request = json.loads(line)
    if request.get("op") == "hello":
        common.write(json.dumps({"id": request["id"], "error": {"kind": "bad_request", "message": "no hello here"}}))
    else:
        common.write(json.dumps(common.answer(request)))
