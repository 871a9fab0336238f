# Narrow training: classes, attribute access, method calls, inheritance, properties.
class Node:
    __slots__ = ("value", "children")
    def __init__(self, value):
        self.value = value
        self.children = []
    def add(self, n):
        self.children.append(n)
        return n
class Tree:
    def __init__(self):
        self.root = Node(0)
    def build(self, n):
        cur = self.root
        for i in range(n):
            cur = cur.add(Node(i)) if i % 4 == 0 else cur
            self.root.add(Node(i))
    @property
    def size(self):
        return len(self.root.children)
t = 0
for _ in range(40):
    tr = Tree(); tr.build(5000); t += tr.size
print(t)
