"""Loading: read files inside the docs root into Python data without losing where things are."""
