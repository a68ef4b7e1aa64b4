"""What a person sees: the viewer's payload and widget, the SVG, the HTML page, the terminal
replay, validate's JSON, and user text made safe to show."""
