"""Making the expert level's weights (run through ``tools/train_expert.py``):
`selfplay` makes the data in the simulator, `stages` keeps each generation's files
and makes its parts on several processes, `fitting` trains the two networks."""
