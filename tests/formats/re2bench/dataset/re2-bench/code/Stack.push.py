class Stack:
    def push(self, item):
        self.items.append(item)
        return self.items
