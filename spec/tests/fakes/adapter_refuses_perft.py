"""Fault 9: offers perft in hello, then refuses every perft request."""
import json
import sys
import common

common.start_grandchild()
for line in common.lines():
    request = json.loads(line)
    if request.get("op") == "hello":
        common.write(json.dumps({"id": request["id"], "name": "refuses", "version": "0", "protocol": 1, "ops": ["perft"]}))
    elif request.get("op") == "quit":
        break
    else:
        error = {"kind": "illegal_position", "message": "refused"}
        common.write(json.dumps({"id": request["id"], "error": error}))
