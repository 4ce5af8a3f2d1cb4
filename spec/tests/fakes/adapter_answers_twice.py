"""Fault 4: answers the trigger twice (both answers correct)."""
import json
import sys
import common


def fault(request):
    text = json.dumps(common.answer(request))
    common.write(text)
    common.write(text)


common.serve_adapter(fault)
