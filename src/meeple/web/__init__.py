"""The server's HTML side: the table form made from each game's option spec, and the page
templates (Jinja2) with their script. Plain pages that work; the browser issue builds on them."""
