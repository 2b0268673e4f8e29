from research_agent.cli import main

main()
