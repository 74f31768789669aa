// placeholder: replaced by the target's real sources
