/// The words synthetic reminders are made of, each list roughly in order of how often a person
/// writes them (most frequent first), since `WeightedTable.zipf` weights by position.
///
/// ```swift
/// Vocabulary.verbs.prefix(3)   // ["call", "buy", "book"]
/// ```
///
/// About 2% of the words carry diacritics (café, Zürich, crème) and a few are in other scripts
/// (牛乳, Москва), so generated data exercises folding and tokenising, not just ASCII.
enum Vocabulary {
    /// Splits a block of words on spaces and newlines; no locale, no Foundation.
    static func words(_ block: String) -> [String] {
        block.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// What titles start with: "Call …", "Buy …".
    static let verbs = words("""
        call buy book email pick send pay check order get make fix clean ask renew cancel return
        text schedule finish update take bring print sign write read review submit confirm collect
        drop find sort plan tidy wash change replace post reply chase phone arrange prepare
        organise file back pack move test look visit meet register transfer water feed walk cook
        bake charge install repair paint hang empty put set download upload share print research
        compare ring invite thank remind follow clear recycle donate sell list measure try start
        draft edit finalise approve decline hire interview train plan budget save claim refund
        dispute top apply enrol subscribe unsubscribe frame defrost descale bleed service mow prune
        plant sow weed trim sweep hoover iron fold mend sew knit wrap label photograph scan backup
        restore reset configure fill refill shop deliver ship track exchange swap borrow lend
        lock unlock open close unpack load unload stack store clear tape glue sand varnish oil
        grease tighten loosen sharpen polish dust vacuum mop scrub rinse soak air inflate pump
        lift carry fetch collect ask confirm cancel rebook reschedule postpone note remember
        practise learn revise study teach coach mentor present pitch demo record film edit publish
        """)

    /// What follows the verb, and most of what fills notes.
    static let nouns = words("""
        milk dentist appointment passport bread eggs doctor plumber car keys bill school party
        birthday present tickets flight hotel meeting report email invoice insurance prescription
        groceries laundry bins dog cat kids mum dad grandma grandad library books form
        contract slides agenda boiler garden lawn fence shed gutter roof window door kitchen
        bathroom bedroom garage loft hallway stairs desk laptop phone charger printer ink paper
        receipts tax return pension mortgage rent deposit payment refund account bank card
        coffee tea butter cheese yoghurt bananas apples oranges lemons onions garlic potatoes
        rice pasta flour sugar salt pepper chicken beef fish salmon tofu beans tomatoes lettuce
        spinach carrots peppers mushrooms cream chocolate biscuits crisps juice water wine beer
        nappies shampoo soap toothpaste razor plasters paracetamol vitamins tissues batteries
        bulbs candles matches foil bags boxes tape glue scissors stamps envelopes parcel package
        delivery courier post office bank pharmacy supermarket market bakery butcher garage gym
        pool station airport train bus taxi ticket platform timetable map route traffic parking
        petrol diesel tyres brakes oil wipers MOT service battery headlight windscreen mirror
        plumbing radiator heating thermostat fuse socket switch light lamp curtain blind rug sofa
        chair table bed mattress pillow duvet sheets towels wardrobe drawer shelf bookshelf cupboard
        fridge freezer oven hob microwave kettle toaster dishwasher washer dryer vacuum iron
        cleaner gardener babysitter nanny childminder teacher tutor coach vet mechanic electrician
        builder decorator painter roofer locksmith accountant lawyer solicitor landlord neighbour
        friend colleague manager boss client customer supplier team interviewer candidate
        recruiter intern doctor nurse physio optician pharmacist surgery clinic hospital ward
        checkup jab vaccine test results scan xray referral prescription repeat inhaler glasses
        lenses hearing blood pressure weight diet run walk swim yoga pilates stretch knee back
        shoulder teeth braces filling crown hygienist orthodontist counsellor therapist
        holiday trip weekend break cottage campsite tent sleeping suitcase backpack rucksack
        sunscreen hat sunglasses swimsuit towel adaptor plug visa currency euros dollars francs
        pounds cash wallet purse itinerary booking reservation confirmation checkin boarding
        gate terminal luggage customs insurance rental hire ferry cruise tour museum gallery
        beach mountain lake river forest park zoo aquarium castle cathedral church temple
        restaurant cafe pub bar takeaway pizza curry sushi burger salad soup sandwich picnic
        dinner lunch breakfast brunch supper snack dessert cake cookies muffins pancakes
        recipe ingredients shopping list basket trolley voucher coupon discount sale offer
        subscription membership renewal licence permit certificate passport photo form
        application interview resume portfolio cv reference letter cover proposal quote estimate
        budget forecast spreadsheet dashboard review plan roadmap deadline sprint release
        deploy build bug ticket issue incident outage alert backup server database migration
        password account login update upgrade download install license feedback survey poll
        presentation workshop training conference webinar seminar lecture talk keynote
        notes minutes action items follow-up retro standup sync catchup oneonone offsite
        calendar diary schedule rota timetable reminder alarm timer clock watch
        Monday Tuesday Wednesday Thursday Friday Saturday Sunday morning afternoon evening
        night tonight tomorrow today week month year January February March April May June
        July August September October November December spring summer autumn winter
        Christmas Easter Halloween Diwali Eid Hanukkah halfterm termtime bank holiday
        wedding anniversary christening funeral graduation reunion barbecue housewarming
        gift card flowers balloons decorations invitations napkins plates cups cutlery
        Priya Tom Dana Marcus Aisha Jun Sam Ava Leo Mia Nikos Sophie Ravi Lukas Anna Ben Chris
        Emma Olivia Noah Liam Grace Ella Jack Harry Oscar Lily Isla Freya Alfie Theo Arthur
        Mohammed Fatima Omar Yusuf Aaliyah Wei Mei Hiroshi Yuki Kenji Sakura Min Jisoo Dmitri
        Olga Ivan Elena Maria Carlos Lucia Mateo Sofia Giulia Marco Hannah Lena Jonas Mira
        London Leeds Manchester Bristol Edinburgh Glasgow Cardiff Belfast Dublin Paris Berlin
        Madrid Lisbon Rome Milan Amsterdam Brussels Vienna Prague Copenhagen Stockholm Oslo
        Helsinki Warsaw Athens Istanbul Tokyo Seoul Beijing Shanghai Mumbai Delhi Sydney
        Melbourne Toronto Vancouver Boston Chicago Seattle Austin Portland Denver Miami
        homework project science maths reading spelling uniform shoes coat jumper socks
        trainers boots wellies raincoat umbrella scarf gloves jacket dress shirt trousers
        jeans pyjamas costume lunchbox bottle bag pencil pens crayons notebook folder
        glue paint brush canvas easel clay lego puzzle board game toys bike helmet scooter
        skateboard football rugby cricket tennis netball hockey swimming gymnastics ballet
        piano guitar violin drums lessons club practice match tournament concert play show
        tickets cinema theatre festival exhibition fair market carnival fireworks
        plants seeds bulbs compost soil mulch hose sprinkler mower strimmer hedge trimmer
        roses tulips dahlias tomatoes herbs basil mint rosemary lavender apple pear plum
        tree shrub border pond bird feeder hedgehog fox squirrel slugs weeds leaves
        paint wallpaper tiles grout sealant caulk filler drill screws nails hooks brackets
        anchors ladder toolbox spanner hammer screwdriver saw sandpaper varnish primer
        electricity gas broadband energy meter reading supplier tariff direct debit
        standing order statement balance overdraft loan credit savings isa investment
        shares fund allowance payslip p60 expenses mileage invoice receipt VAT HMRC council
        water sewage tv licence phone contract sim data roaming upgrade warranty guarantee
        repair replacement manual instructions model serial number code pin pincode postcode
        address parcel locker collection slot click collect returns label barcode
        newsletter magazine newspaper podcast audiobook ebook novel biography poetry essay
        chapter author series sequel edition paperback hardback library card bookclub
        review recommendation wishlist playlist album song vinyl record player speaker
        headphones earbuds camera tripod lens memory stick drive cloud photos videos album
        printer scanner monitor keyboard mouse webcam microphone router modem cable hdmi
        usb adapter extension lead battery pack powerbank case cover screen protector
        dog walker groomer kennel cattery treats lead collar harness flea worming
        hamster rabbit guinea pig fish tank hutch straw hay vet booster chip
        noodles couscous quinoa lentils chickpeas hummus pesto mayonnaise ketchup mustard
        vinegar honey jam marmalade peanut cereal granola porridge oats bagels croissants
        wraps tortillas crackers olives pickles capers anchovies tuna sardines prawns mussels
        lamb pork sausages bacon ham turkey duck mince stock gravy custard jelly icecream
        sorbet lollies popcorn nuts almonds walnuts raisins dates figs grapes melon mango
        pineapple kiwi berries strawberries blueberries raspberries cherries peaches avocado
        cucumber celery courgette aubergine broccoli cauliflower cabbage kale leeks peas
        sweetcorn ginger chilli coriander parsley thyme cinnamon nutmeg paprika cumin yeast
        detergent softener bleach sponges clingfilm bin liners kitchen roll dishcloth
        lightbulb doormat coathook bathmat showerhead plughole drain sink tap toilet cistern
        boiler cupboard skirting banister patio decking driveway gate letterbox doorbell
        intercom alarm sensor smoke detector extinguisher thermostat valve pipe leak damp
        mould condensation insulation draught loft hatch skylight porch conservatory
        extension planning permission surveyor architect quote builder skip scaffolding
        agency estate agent viewing valuation conveyancing survey completion exchange keys
        removals van storage unit boxes bubblewrap marker labels inventory checklist
        appraisal promotion salary bonus raise objectives goals OKRs metrics KPIs
        headcount hiring pipeline onboarding offboarding handover rota oncall postmortem
        runbook changelog spec design mockup prototype wireframe user research interviews
        stakeholders sponsor steering committee board governance compliance audit
        policy procedure risk register contract renewal vendor procurement purchase order
        timesheet holiday leave sickness overtime payroll pensions benefits perks
        laptop bag lanyard badge desk booking hotdesk canteen kitchen printer room
        whiteboard projector clicker microphone recording transcript summary outline
        draft version comments feedback edits sign-off approval launch milestone
        sprint backlog epic story estimate velocity burndown demo showcase newsletter
        charity fundraiser raffle bake sale sponsorship donation volunteer rota shift
        marathon parkrun cycle route training plan trainers watch strava personal best
        neighbourhood council recycling centre tip allotment community hall church fete
        jumble sale car boot playground nursery preschool reception primary secondary
        sixth form university college apprenticeship open day application deadline
        exam revision coursework results report card parents evening assembly nativity
        sports day trip consent form dinner money tuck shop uniform shop PE kit
        granny nana aunt uncle cousin niece nephew godparent godson goddaughter in-laws
        brother sister son daughter husband wife partner baby toddler teenager twins
        """)

    /// Descriptive words and connectors that fill out titles and notes.
    static let others = words("""
        new old big small last next first second quick long short early late urgent
        important overdue weekly monthly daily annual spare extra broken leaking loose stuck
        blocked empty full clean dirty fresh frozen organic gluten-free vegan dairy-free
        cheap expensive free online local nearby downstairs upstairs outside inside back front
        left right top bottom red blue green black white grey yellow pink purple brown orange
        large medium tiny huge heavy light warm cold hot dry wet soft hard quiet loud
        favourite usual normal different same whole half double single spare proper decent
        nice lovely great good bad better best worse worst easy simple tricky difficult
        ready done finished started pending booked confirmed cancelled paid unpaid sent
        received missing lost found returned delivered collected signed printed scanned
        shared saved backed updated fixed replaced cleaned checked reviewed approved
        maybe probably definitely hopefully actually again already soon later still just
        only also too very really quite almost nearly about around roughly exactly
        before after during until since while because although unless though whether
        sunny rainy windy snowy icy foggy muddy chilly humid stormy seasonal
        second-hand handmade homemade reusable recyclable disposable
        wooden metal plastic glass cotton wool leather waterproof breathable
        portable wireless electric manual automatic digital original
        temporary permanent private public personal joint friendly
        fortnightly quarterly yearly overnight weekday
        carefully quickly slowly properly finally eventually otherwise instead anyway
        together separately offline abroad locally elsewhere
        """)

    /// The most common words of English text, which make up much of any note.
    static let function = words("""
        the to and a for of in on at with is it this that be from by or not
        before after about need if so up out as are was will can all my our we I
        you he she they them their his her your some any one two three next last
        then when just also but no more only still first than get into over
        have has had do does did been being would should could might must shall
        what which who where why how there here these those each every other another
        such very much many few less most both either neither nor yet
        """)

    /// Figures people write in reminders: times, amounts, quantities.
    static let figures = words("""
        2 3 4 5 6 10 12 15 20 30 45 50 100 200 500 1000 2026 9am 10am 11am 3pm 4pm
        5pm 6pm 7pm 8:30 10:30 12:15 £5 £10 £20 £50 £100 €30 €412 $25 $100 x2 x3 x4
        x12 1st 2nd 3rd 15th 50% 10% 2kg 500g 1l 6mm 30min 2h
        """)

    /// Words with diacritics and in other scripts, ranked among the nouns at moderate frequency.
    static let international = words("""
        café Zürich São naïve crème brûlée Málaga résumé fiancée déjà piñata jalapeño façade
        soufflé purée sauté entrée rosé Ångström Øresund Malmö Köln München Genève Montréal
        Bogotá Reykjavík Kraków Québec José Zoë Chloé Renée Björn Søren Jürgen François
        Élodie Muñoz crêpes pâté
        牛乳 買い物 病院 Москва спасибо Αθήνα 서울 北京 东京 مرحبا
        """)
}
