"""Navigation: resolve docs.json references, choose which pages exist, detect conflicts."""
