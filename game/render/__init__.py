"""Drawing code: the card art (faces, backs, empty slots) painted by our own code."""
