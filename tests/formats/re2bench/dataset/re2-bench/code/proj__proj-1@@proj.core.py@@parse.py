def parse(self, text):
    parts = []
    for piece in text.split(","):
        if piece:
            parts.append(self.convert(piece))
    return parts
