//! Tests of `commands`.

use super::*;

#[test]
fn every_games_own_command_and_new_option_is_registered() {
    let all = all();
    let find = |name: &str| all.iter().find(|c| c.name == name);
    for c in crate::games::own_commands() {
        let built = match &c.group {
            None => find(c.name),
            Some(g) => find(g.name).and_then(|g| g.subcommands.iter().find(|s| s.name == c.name)),
        }
        .unwrap_or_else(|| panic!("/{} is not registered", c.name));
        let names: Vec<&str> = built.parameters.iter().map(|p| p.name.as_ref()).collect();
        let declared: Vec<&str> = c.options.iter().map(|o| o.name).collect();
        assert_eq!(names, declared, "/{}", c.name);
        assert!(built.slash_action.is_some(), "/{}", c.name);
    }
    let group = find("labscape").unwrap();
    let new = group.subcommands.iter().find(|c| c.name == "new").unwrap();
    for o in crate::games::new_options() {
        let p = new.parameters.iter().find(|p| p.name == o.name);
        assert!(p.is_some_and(|p| !p.required), "/labscape new {}", o.name);
    }
}

#[test]
fn every_command_is_registered_in_its_place() {
    let names: Vec<_> = all().iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        [
            "labscape",
            "play",
            "move",
            "roll",
            "rotate-wall",
            "walls",
            "exit",
            "wait",
            "rules",
            "table",
            "log",
            "recap",
            "replay",
            "export",
            "luck",
            "draw",
            "resign",
            "myview",
            "records",
            "help",
            "place"
        ]
    );
}
