# Held-out benchmark: classes, attribute access, dicts and method calls (a small task scheduler).
class Task:
    __slots__ = ("name", "priority", "runs", "deps")

    def __init__(self, name, priority):
        self.name = name
        self.priority = priority
        self.runs = 0
        self.deps = []

    def step(self, clock):
        self.runs += 1
        return (self.priority * 31 + clock) % 97

class Scheduler:
    def __init__(self, n):
        self.tasks = {("t%d" % i): Task("t%d" % i, i % 11) for i in range(n)}
        for i, t in enumerate(self.tasks.values()):
            t.deps = ["t%d" % ((i * 7 + k) % n) for k in range(3)]

    def run(self, rounds):
        clock = 0
        for _ in range(rounds):
            for t in self.tasks.values():
                if all(self.tasks[d].runs >= t.runs - 1 for d in t.deps):
                    clock += t.step(clock)
        return clock

print(Scheduler(400).run(300))
